// HTTPS for tablets on the local network (service workers and Web Crypto need a secure
// context): a certificate from the environment, or a self-signed pair kept in DATA_DIR.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import selfsigned from 'selfsigned';
import type { Config } from './config';

export async function tlsOptions(config: Config): Promise<{ key: string; cert: string }> {
  if (config.TLS_CERT_FILE && config.TLS_KEY_FILE) {
    return { cert: await readFile(config.TLS_CERT_FILE, 'utf8'), key: await readFile(config.TLS_KEY_FILE, 'utf8') };
  }
  const dir = path.join(config.DATA_DIR, 'tls');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  try {
    return { cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8') };
  } catch {
    const addresses = Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4').map((a) => a!.address);
    const altNames = [{ type: 2, value: 'localhost' }, ...addresses.map((ip) => ({ type: 7, ip }))];
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      days: 825,
      keySize: 2048,
      extensions: [{ name: 'subjectAltName', altNames }],
    } as never);
    await mkdir(dir, { recursive: true });
    await writeFile(certFile, pems.cert);
    await writeFile(keyFile, pems.private, { mode: 0o600 });
    return { cert: pems.cert, key: pems.private };
  }
}
