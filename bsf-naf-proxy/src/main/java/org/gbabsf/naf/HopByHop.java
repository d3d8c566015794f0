package org.gbabsf.naf;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a proxy must not pass on (RFC 9110 §7.6.1, RFC 9112 §6.1): the hop-by-hop fields, every
 * field the {@code Connection} field names, and, toward the application server, every field the UE
 * sent that could pass for one the proxy asserts. Pure functions on a header set.
 */
final class HopByHop {

  /**
   * Fields meaningful for one connection only; {@code Expect} is answered here. Netty's constants,
   * whose hash codes are computed once (this runs on every forwarded request and answer).
   */
  static final List<CharSequence> FIELDS =
      List.of(
          HttpHeaderNames.CONNECTION,
          HttpHeaderNames.KEEP_ALIVE,
          HttpHeaderNames.TE,
          HttpHeaderNames.TRAILER,
          HttpHeaderNames.TRANSFER_ENCODING,
          HttpHeaderNames.UPGRADE,
          HttpHeaderNames.PROXY_AUTHORIZATION,
          HttpHeaderNames.PROXY_AUTHENTICATE,
          HttpHeaderNames.PROXY_CONNECTION,
          HttpHeaderNames.EXPECT);

  private HopByHop() {}

  /** Removes the hop-by-hop fields of {@code h}, and those its {@code Connection} names. */
  static void remove(HttpHeaders h) {
    for (String value : h.getAll(HttpHeaderNames.CONNECTION)) {
      for (String token : value.split(",")) {
        String t = token.strip();
        if (!t.isEmpty()) {
          h.remove(t);
        }
      }
    }
    for (CharSequence field : FIELDS) {
      h.remove(field);
    }
  }

  /**
   * True if {@code name} reads as an X-3GPP-* field once case is ignored and {@code _} taken for
   * {@code -}: CGI-style servers read {@code X-3GPP-Asserted_Identity} as the asserted identity.
   */
  static boolean threeGppLookalike(String name) {
    return startsLike(name, "x-3gpp-");
  }

  /**
   * True if {@code name} starts with {@code prefix} (lower case, with '-') once case is ignored and
   * '_' read as '-'; allocates nothing.
   */
  private static boolean startsLike(String name, String prefix) {
    if (name.length() < prefix.length()) {
      return false;
    }
    for (int i = 0; i < prefix.length(); i++) {
      char c = Character.toLowerCase(name.charAt(i));
      if ((c == '_' ? '-' : c) != prefix.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Removes every X-3GPP-* look-alike and the forwarding fields the UE sent ({@code Forwarded},
   * {@code X-Forwarded-*} but {@code X-Forwarded-For} when it is to be appended to): only the proxy
   * speaks in those.
   */
  static void removeClaims(HttpHeaders h, boolean keepForwardedFor) {
    List<String> drop = null;
    for (Map.Entry<String, String> e : h) {
      String n = e.getKey();
      char first = n.isEmpty() ? ' ' : Character.toLowerCase(n.charAt(0));
      if (first != 'x' && first != 'f') {
        continue; // most fields: no other work
      }
      boolean forwarded =
          n.equalsIgnoreCase("forwarded")
              || (startsLike(n, "x-forwarded-")
                  && !(keepForwardedFor && n.equalsIgnoreCase("x-forwarded-for")));
      if (forwarded || startsLike(n, "x-3gpp-")) {
        if (drop == null) {
          drop = new ArrayList<>();
        }
        drop.add(n);
      }
    }
    if (drop != null) {
      drop.forEach(h::remove);
    }
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
