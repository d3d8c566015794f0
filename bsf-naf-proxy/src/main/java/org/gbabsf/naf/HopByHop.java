package org.gbabsf.naf;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a proxy must not pass on (RFC 9110 §7.6.1, RFC 9112 §6.1): the hop-by-hop fields, every
 * field the {@code Connection} field names, and, toward the application server, every field the UE
 * sent that could pass for one the proxy asserts. Pure functions on a header set.
 */
final class HopByHop {

  /** Fields meaningful for one connection only, lower case; {@code Expect} is answered here. */
  static final Set<String> FIELDS =
      Set.of(
          "connection",
          "keep-alive",
          "te",
          "trailer",
          "transfer-encoding",
          "upgrade",
          "proxy-authorization",
          "proxy-authenticate",
          "proxy-connection",
          "expect");

  private HopByHop() {}

  /** Removes the hop-by-hop fields of {@code h}, and those its {@code Connection} names. */
  static void remove(HttpHeaders h) {
    List<String> named = new ArrayList<>();
    for (String value : h.getAll(HttpHeaderNames.CONNECTION)) {
      for (String token : value.split(",")) {
        String t = token.strip();
        if (!t.isEmpty()) {
          named.add(t);
        }
      }
    }
    named.forEach(h::remove);
    FIELDS.forEach(h::remove);
  }

  /**
   * True if {@code name} reads as an X-3GPP-* field once case is ignored and {@code _} taken for
   * {@code -}: CGI-style servers read {@code X-3GPP-Asserted_Identity} as the asserted identity.
   */
  static boolean threeGppLookalike(String name) {
    return name.toLowerCase(Locale.ROOT).replace('_', '-').startsWith("x-3gpp-");
  }

  /**
   * Removes every X-3GPP-* look-alike and the forwarding fields the UE sent ({@code Forwarded},
   * {@code X-Forwarded-*} but {@code X-Forwarded-For} when it is to be appended to): only the proxy
   * speaks in those.
   */
  static void removeClaims(HttpHeaders h, boolean keepForwardedFor) {
    List<String> drop = new ArrayList<>();
    for (Map.Entry<String, String> e : h) {
      String n = e.getKey().toLowerCase(Locale.ROOT).replace('_', '-');
      boolean forwarded =
          n.equals("forwarded")
              || (n.startsWith("x-forwarded-")
                  && !(keepForwardedFor && e.getKey().equalsIgnoreCase("x-forwarded-for")));
      if (threeGppLookalike(e.getKey()) || forwarded) {
        drop.add(e.getKey());
      }
    }
    drop.forEach(h::remove);
  }

  /**
   * True if {@code h} names a transfer coding the proxy does not implement: anything but {@code
   * chunked} (RFC 9112 §6.1: 501).
   */
  static boolean unknownTransferCoding(HttpHeaders h) {
    for (String value : h.getAll(HttpHeaderNames.TRANSFER_ENCODING)) {
      for (String coding : value.split(",")) {
        if (!coding.strip().equalsIgnoreCase("chunked")) {
          return true;
        }
      }
    }
    return false;
  }
}
