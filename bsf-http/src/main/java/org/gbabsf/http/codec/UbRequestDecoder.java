package org.gbabsf.http.codec;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import java.util.List;
import java.util.Locale;
import org.gbabsf.core.crypto.DigestAka;
import org.gbabsf.core.ub.DigestCredentials;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.gbabsf.core.ub.UbRequest;

/**
 * Turns an HTTP request into a {@link UbRequest}, or into the {@link Rejected} outcome it deserves
 * (TS 24.109 §4.5.2). A pure function: no I/O, no state.
 *
 * <p>Checks, in order: decoding errors (oversized headers → 431, else 400), method (GET only →
 * 405), the {@code 3gpp-gba} product token in User-Agent (→ 403), one {@code Authorization: Digest}
 * header naming the IMPI (absent → 400 MISSING_IDENTITY, malformed → 400).
 */
public final class UbRequestDecoder {

  /** Product token a GBA UE puts in User-Agent (TS 24.109 §4.5.2); covers 3gpp-gba-tmpi too. */
  public static final String GBA_PRODUCT_TOKEN = "3gpp-gba";

  /** Product token of a UE that derives TMPIs (TS 33.220 §4.5.2), in User-Agent and Server. */
  public static final String TMPI_PRODUCT_TOKEN = "3gpp-gba-tmpi";

  /** Product token of a UE asking for GBA_Digest on Ub (TS 24.109 Annex I.2). */
  public static final String GBA_DIGEST_PRODUCT_TOKEN = "gba_digest";

  /** The outcome of decoding, as a value. */
  public sealed interface Decoded {
    /**
     * A request for the use case.
     *
     * @param request the request
     */
    record Accepted(UbRequest request) implements Decoded {}

    /**
     * A request refused before the use case sees it.
     *
     * @param rejection the outcome to send
     */
    record Refused(Rejected rejection) implements Decoded {}
  }

  private UbRequestDecoder() {}

  /** Decodes {@code request}; never throws for bad input. */
  public static Decoded decode(FullHttpRequest request) {
    DecoderResult result = request.decoderResult();
    if (result.isFailure()) {
      return result.cause() instanceof TooLongFrameException
          ? refuse(RejectReason.HEADERS_TOO_LARGE, "request line or headers too large")
          : refuse(RejectReason.MALFORMED_REQUEST, "malformed HTTP request");
    }
    if (!HttpMethod.GET.equals(request.method())) {
      return refuse(RejectReason.METHOD_NOT_ALLOWED, "only GET is supported on Ub");
    }
    String userAgent = request.headers().get(HttpHeaderNames.USER_AGENT);
    String agent = userAgent == null ? "" : userAgent.toLowerCase(Locale.ROOT);
    if (!agent.contains(GBA_PRODUCT_TOKEN)) {
      // TS 24.109 Annex I.2: "If GBA_Digest is disallowed, the BSF shall reject the HTTP request."
      return hasToken(agent, GBA_DIGEST_PRODUCT_TOKEN)
          ? refuse(RejectReason.GBA_DIGEST_NOT_SUPPORTED, "GBA_Digest is not supported")
          : refuse(RejectReason.NOT_A_GBA_CLIENT, "User-Agent must contain 3gpp-gba");
    }
    List<String> authorizations = request.headers().getAll(HttpHeaderNames.AUTHORIZATION);
    if (authorizations.isEmpty()) {
      return refuse(
          RejectReason.MISSING_IDENTITY, "Authorization: Digest username=\"<IMPI>\" is required");
    }
    if (authorizations.size() > 1) {
      return refuse(RejectReason.MALFORMED_REQUEST, "more than one Authorization header");
    }
    DigestHeader.Parsed parsed = DigestHeader.parse(authorizations.get(0));
    if (parsed instanceof DigestHeader.Parsed.Malformed m) {
      return refuse(RejectReason.MALFORMED_REQUEST, "Authorization: " + m.reason());
    }
    DigestHeader.Parsed.Params p = (DigestHeader.Parsed.Params) parsed;
    String username = p.get("username");
    if (username == null || username.isEmpty()) {
      return refuse(RejectReason.MALFORMED_REQUEST, "Authorization: username is required");
    }
    DigestCredentials credentials =
        new DigestCredentials(
            username,
            p.get("realm"),
            p.get("nonce"),
            p.get("uri"),
            p.get("response"),
            p.get("algorithm"),
            p.get("qop"),
            p.get("nc"),
            p.get("cnonce"),
            p.get("opaque"),
            p.get("auts"));
    return new Decoded.Accepted(
        new UbRequest(
            request.method().name(),
            request.uri(),
            credentials,
            bodyMd5(request),
            hasToken(agent, TMPI_PRODUCT_TOKEN)));
  }

  /**
   * Whether {@code agent} (lower case) holds {@code token} as a product (RFC 9110 §10.1.5: a token,
   * optionally followed by /version), not only as part of a longer one.
   */
  static boolean hasToken(String agent, String token) {
    int from = 0;
    while (true) {
      int at = agent.indexOf(token, from);
      if (at < 0) {
        return false;
      }
      int end = at + token.length();
      boolean startsProduct = at == 0 || isSeparator(agent.charAt(at - 1));
      boolean endsProduct =
          end == agent.length() || agent.charAt(end) == '/' || isSeparator(agent.charAt(end));
      if (startsProduct && endsProduct) {
        return true;
      }
      from = at + 1;
    }
  }

  private static boolean isSeparator(char c) {
    return c == ' ' || c == '\t' || c == ';' || c == ',' || c == '(' || c == ')';
  }

  private static String bodyMd5(FullHttpRequest request) {
    ByteBuf content = request.content();
    if (!content.isReadable()) {
      return DigestAka.EMPTY_BODY_MD5;
    }
    byte[] body = new byte[content.readableBytes()];
    content.getBytes(content.readerIndex(), body);
    return DigestAka.md5Hex(body);
  }

  private static Decoded refuse(RejectReason reason, String detail) {
    return new Decoded.Refused(new Rejected(reason, detail));
  }
}
