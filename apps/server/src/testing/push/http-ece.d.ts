// http_ece (web-push's own encryption library) ships no types; the one call the push stand-in makes.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  const ece: {
    decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
  };
  export default ece;
}
