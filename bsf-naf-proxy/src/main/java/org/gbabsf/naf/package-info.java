/**
 * The NAF side of GBA: an authentication proxy (the AP of TS 24.109 §7 and TS 33.222 §6) that puts
 * any HTTP application behind GBA. UEs authenticate on Ua with HTTP Digest (TS 24.109 §5.2, RFC
 * 7616): username the B-TID, password base64(Ks_ext_NAF), which the proxy fetches from the BSF over
 * Zn. Pure pieces ({@link org.gbabsf.naf.UaDigest}, {@link org.gbabsf.naf.NonceBook}, {@link
 * org.gbabsf.naf.UaAuthenticator}) decide; the Netty adapter only moves bytes. See
 * docs/naf-proxy.md.
 */
package org.gbabsf.naf;
