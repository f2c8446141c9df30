/** '1 row', '1,204 rows': a count with its noun, in the app's number format. */
export function countLabel(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
