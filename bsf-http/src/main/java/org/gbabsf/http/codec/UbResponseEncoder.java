package org.gbabsf.http.codec;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.gbabsf.core.ub.BootstrappingInfoXml;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.UbOutcome;
import org.gbabsf.core.ub.UbOutcome.Bootstrapped;
import org.gbabsf.core.ub.UbOutcome.Challenge;
import org.gbabsf.core.ub.UbOutcome.Rejected;

/**
 * The one place where Ub outcomes become HTTP (TS 24.109 §4.5.2). A pure function of the outcome.
 *
 * <table>
 *   <caption>Status per outcome</caption>
 *   <tr><td>Challenge</td><td>401 + WWW-Authenticate</td></tr>
 *   <tr><td>Bootstrapped</td><td>200 + Authentication-Info + BootstrappingInfo XML</td></tr>
 *   <tr><td>MALFORMED_REQUEST, MISSING_IDENTITY</td><td>400</td></tr>
 *   <tr><td>NOT_A_GBA_CLIENT, USER_UNKNOWN, TMPI_UNKNOWN, GBA_U_NOT_SUPPORTED, UICC_TYPE_UNKNOWN,
 *       GBA_DIGEST_NOT_SUPPORTED, HSS_REFUSED, TOO_MANY_FAILURES</td><td>403</td></tr>
 *   <tr><td>METHOD_NOT_ALLOWED</td><td>405 + Allow: GET</td></tr>
 *   <tr><td>HEADERS_TOO_LARGE</td><td>431, connection closed</td></tr>
 *   <tr><td>HSS_UNAVAILABLE, STORE_UNAVAILABLE, OVERLOADED, SOURCE_RATE_LIMITED</td>
 *       <td>503 + Retry-After</td></tr>
 * </table>
 */
public final class UbResponseEncoder {

  /** The Server header value (TS 24.109 Annex A uses a product token of the BSF). */
  public static final String SERVER = "gba-bsf";

  /**
   * The Server header of a BSF that allocates TMPIs: TS 33.220 §4.5.2 has it "always include the
   * product token 3gpp-gba-tmpi in the server response-header field".
   */
  public static final String SERVER_WITH_TMPI = SERVER + " " + UbRequestDecoder.TMPI_PRODUCT_TOKEN;

  private static final String TEXT_PLAIN = "text/plain; charset=utf-8";

  private final String retryAfterSeconds;
  private final String server;

  /** An encoder whose 503 answers carry {@code Retry-After: retryAfter} (whole seconds). */
  public UbResponseEncoder(Duration retryAfter) {
    this(retryAfter, false);
  }

  /**
   * An encoder whose 503 answers carry {@code Retry-After: retryAfter}, and whose Server header
   * says {@code 3gpp-gba-tmpi} when {@code tmpis}.
   */
  public UbResponseEncoder(Duration retryAfter, boolean tmpis) {
    this.retryAfterSeconds = Long.toString(Math.max(1, retryAfter.toSeconds()));
    this.server = tmpis ? SERVER_WITH_TMPI : SERVER;
  }

  /** The HTTP status for a reject reason. */
  public static HttpResponseStatus status(RejectReason reason) {
    return switch (reason) {
      case MALFORMED_REQUEST, MISSING_IDENTITY -> HttpResponseStatus.BAD_REQUEST;
      case NOT_A_GBA_CLIENT,
          USER_UNKNOWN,
          TMPI_UNKNOWN,
          GBA_U_NOT_SUPPORTED,
          UICC_TYPE_UNKNOWN,
          GBA_DIGEST_NOT_SUPPORTED,
          HSS_REFUSED,
          TOO_MANY_FAILURES ->
          HttpResponseStatus.FORBIDDEN;
      case METHOD_NOT_ALLOWED -> HttpResponseStatus.METHOD_NOT_ALLOWED;
      case HEADERS_TOO_LARGE -> HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
      case HSS_UNAVAILABLE, STORE_UNAVAILABLE, OVERLOADED, SOURCE_RATE_LIMITED ->
          HttpResponseStatus.SERVICE_UNAVAILABLE;
    };
  }

  /** True when the connection must be closed after this outcome (framing is no longer trusted). */
  public static boolean closesConnection(UbOutcome outcome) {
    return outcome instanceof Rejected r && r.reason() == RejectReason.HEADERS_TOO_LARGE;
  }

  /** The full response for {@code outcome}; the caller sets Connection/keep-alive. */
  public FullHttpResponse encode(UbOutcome outcome, ByteBufAllocator alloc) {
    if (outcome instanceof Challenge c) {
      FullHttpResponse r = empty(HttpResponseStatus.UNAUTHORIZED);
      r.headers()
          .set(
              HttpHeaderNames.WWW_AUTHENTICATE,
              DigestHeader.writer(DigestHeader.SCHEME)
                  .quoted("realm", c.realm())
                  .quoted("nonce", c.nonce())
                  .token("algorithm", UbOutcome.ALGORITHM)
                  .quoted("qop", UbOutcome.QOP_AUTH_INT)
                  .quoted("opaque", c.opaque())
                  .toString());
      return r;
    }
    if (outcome instanceof Bootstrapped b) {
      FullHttpResponse r =
          new DefaultFullHttpResponse(
              HttpVersion.HTTP_1_1,
              HttpResponseStatus.OK,
              alloc.buffer(b.body().length).writeBytes(b.body()));
      HttpHeaders h = r.headers();
      h.set(HttpHeaderNames.SERVER, server);
      h.set(HttpHeaderNames.CONTENT_TYPE, BootstrappingInfoXml.CONTENT_TYPE);
      h.setInt(HttpHeaderNames.CONTENT_LENGTH, b.body().length);
      h.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
      h.set(
          "Authentication-Info",
          DigestHeader.writer("")
              .token("qop", b.qop())
              .quoted("rspauth", b.rspauth())
              .quoted("cnonce", b.cnonce())
              .token("nc", b.nc())
              .toString());
      return r;
    }
    Rejected rejected = (Rejected) outcome;
    byte[] text = (bounded(rejected.detail()) + "\n").getBytes(StandardCharsets.UTF_8);
    HttpResponseStatus status = status(rejected.reason());
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1, status, alloc.buffer(text.length).writeBytes(text));
    HttpHeaders h = r.headers();
    h.set(HttpHeaderNames.SERVER, server);
    h.set(HttpHeaderNames.CONTENT_TYPE, TEXT_PLAIN);
    h.setInt(HttpHeaderNames.CONTENT_LENGTH, text.length);
    if (status.equals(HttpResponseStatus.SERVICE_UNAVAILABLE)) {
      h.set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
    }
    if (status.equals(HttpResponseStatus.METHOD_NOT_ALLOWED)) {
      h.set(HttpHeaderNames.ALLOW, "GET");
    }
    return r;
  }

  private FullHttpResponse empty(HttpResponseStatus status) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER);
    r.headers().set(HttpHeaderNames.SERVER, server);
    r.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
    return r;
  }

  /** The most of a refusal's text sent back: it may quote the request. */
  static final int DETAIL_MAX = 120;

  /** {@code detail} in printable ASCII, cut to {@link #DETAIL_MAX} characters. */
  static String bounded(String detail) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < detail.length() && b.length() < DETAIL_MAX; i++) {
      char c = detail.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return detail.length() > DETAIL_MAX ? b + "..." : b.toString();
  }
}
