// Remembers that the user asked to sign out, so the staff guard sends them to plain /auth
// instead of /auth?redirect=… (which is for sessions that ended on their own).
let requested = false;

export function markSignOutRequested(): void {
  requested = true;
}

export function takeSignOutRequested(): boolean {
  const was = requested;
  requested = false;
  return was;
}
