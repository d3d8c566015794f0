/**
 * Checking the OAuth 2.0 access tokens that NAFs present to Nbsp_GBA (TS 33.501 §13.4.1, TS 29.510
 * §6.3.5.2.4): {@link org.gbabsf.sba.oauth.AccessTokenVerifier} takes the value of an {@code
 * Authorization} header and answers a {@link org.gbabsf.sba.oauth.TokenCheck}; the NRF's public
 * keys come from PEM files through {@link org.gbabsf.sba.oauth.NrfKeys}. Transport free: the HTTP/2
 * server turns a rejection into 401 or 403 with {@code WWW-Authenticate} (RFC 6750 §3). Tokens and
 * key material never appear in a message of this package.
 */
package org.gbabsf.sba.oauth;
