/**
 * The NAF side of GBA: an authentication proxy (the AP of TS 24.109 §7 and TS 33.222 §6) that puts
 * any HTTP application behind GBA. UEs authenticate on Ua with HTTP Digest (TS 24.109 §5.2, RFC
 * 7616): username the B-TID, password base64(Ks_ext_NAF), which the proxy fetches from the BSF over
 * Zn. It is also an AKMA AF (TS 33.535 Annex B, TS 24.109 Annex K.2): over its TLS listener, UEs
 * that announce {@code 3gpp-akma} may be offered the realm {@code 3GPP-bootstrapping-akma@<host>},
 * username the A-KID, password base64(K_AF), which the proxy fetches from the AAnF ({@link
 * org.gbabsf.naf.AanfKeySource}). Pure pieces ({@link org.gbabsf.naf.UaDigest}, {@link
 * org.gbabsf.naf.NonceBook}, {@link org.gbabsf.naf.UaAuthenticator}) decide; the Netty adapter only
 * moves bytes. See docs/naf-proxy.md.
 */
package org.gbabsf.naf;
