import { urlHost, type ServeAddress } from './start-serve-listener.js';

/** Addresses that bind every interface: the Host a remote client sends cannot be known. */
const ANY_INTERFACE_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** Whether `host` reaches this machine only (127.0.0.0/8, ::1, localhost): no `--allow-remote` needed. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name === '::1') return true;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/**
 * The Host values a request to the server may carry: `127.0.0.1:PORT`,
 * `localhost:PORT` and the bound host with its port; null (any) for a
 * server bound to every interface, where the token alone guards it.
 */
export function allowedHostsFor(address: ServeAddress): ReadonlySet<string> | null {
  if (ANY_INTERFACE_HOSTS.has(address.host)) return null;
  const names = new Set(['127.0.0.1', 'localhost', urlHost(address.host.toLowerCase())]);
  if (address.host === '::1') names.add('[::1]');
  return new Set([...names].map((name) => `${name}:${address.port}`));
}
