package org.gbabsf.security.tls;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * The DNS identities a certificate presents, and whether one of them names a host: how a peer's
 * certificate is checked against the DiameterIdentity it is configured or admitted as (RFC 6733
 * §13), and a NAF's against the FQDN it asks keys for. RFC 6125 §6.4: dNSName subjectAltNames when
 * present, the subject's CN only when there is none; a wildcard only as the whole left-most label,
 * matching exactly one label.
 */
public final class CertNames {

  private static final int DNS_NAME = 2;

  private CertNames() {}

  /** The dNSName SANs of {@code cert}, lower case; its CN if it has none. */
  public static List<String> of(X509Certificate cert) {
    List<String> names = new ArrayList<>(dnsNames(cert));
    if (names.isEmpty()) {
      commonName(cert).ifPresent(cn -> names.add(cn.toLowerCase(Locale.ROOT)));
    }
    return names;
  }

  /**
   * The dNSName SANs of {@code cert}, lower case, and nothing else (no fallback to the subject's
   * CN): for identities that must be asserted as names, e.g. a NAF on Nbsp_GBA.
   */
  public static List<String> dnsNames(X509Certificate cert) {
    List<String> names = new ArrayList<>();
    Collection<List<?>> sans;
    try {
      sans = cert.getSubjectAlternativeNames();
    } catch (CertificateParsingException e) {
      return List.of();
    }
    if (sans != null) {
      for (List<?> san : sans) {
        if (san.size() >= 2 && Integer.valueOf(DNS_NAME).equals(san.get(0))) {
          names.add(((String) san.get(1)).toLowerCase(Locale.ROOT));
        }
      }
    }
    return names;
  }

  /** True if one identity of {@code cert} names {@code host}, wildcards allowed. */
  public static boolean names(X509Certificate cert, String host) {
    return names(cert, host, true);
  }

  /**
   * True if one identity of {@code cert} names {@code host}; a wildcard name counts only if {@code
   * wildcards}.
   */
  public static boolean names(X509Certificate cert, String host, boolean wildcards) {
    String h = host.toLowerCase(Locale.ROOT);
    for (String name : of(cert)) {
      if (wildcards ? matches(name, h) : name.equals(h)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Checks that the peer of {@code session} presented a certificate naming {@code host} (RFC 6733
   * §13: the DiameterIdentity it is configured or admitted as); a wildcard name counts only if
   * {@code wildcards}.
   *
   * @return empty if it does; else the names its certificate presents (none if it sent none)
   */
  public static java.util.Optional<List<String>> mismatch(
      javax.net.ssl.SSLSession session, String host, boolean wildcards) {
    try {
      if (session.getPeerCertificates()[0] instanceof X509Certificate cert) {
        return names(cert, host, wildcards)
            ? java.util.Optional.empty()
            : java.util.Optional.of(of(cert));
      }
    } catch (javax.net.ssl.SSLPeerUnverifiedException none) {
      // no certificate: a mismatch with nothing presented
    }
    return java.util.Optional.of(List.of());
  }

  /** RFC 6125 §6.4.3, restricted: {@code *} only as the entire left-most label. */
  static boolean matches(String pattern, String host) {
    if (pattern.equals(host)) {
      return true;
    }
    if (!pattern.startsWith("*.") || pattern.length() < 4) {
      return false;
    }
    String suffix = pattern.substring(1); // ".example.org"
    if (suffix.indexOf('*') >= 0 || suffix.chars().filter(c -> c == '.').count() < 2) {
      return false; // a wildcard needs at least two labels after it: no *.org
    }
    return host.endsWith(suffix)
        && host.length() > suffix.length()
        && host.substring(0, host.length() - suffix.length()).indexOf('.') < 0;
  }

  private static java.util.Optional<String> commonName(X509Certificate cert) {
    try {
      LdapName dn = new LdapName(cert.getSubjectX500Principal().getName());
      for (Rdn rdn : dn.getRdns()) {
        if (rdn.getType().equalsIgnoreCase("CN")) {
          return java.util.Optional.of(rdn.getValue().toString());
        }
      }
    } catch (InvalidNameException e) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.empty();
  }
}
