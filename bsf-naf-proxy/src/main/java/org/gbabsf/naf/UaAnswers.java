package org.gbabsf.naf;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * The one place where a refusing {@link UaOutcome} becomes the proxy's HTTP answer (TS 24.109 §7,
 * TS 33.535 Annex B): its response, the {@code outcome} and {@code keying} tags of {@code
 * bsf.naf.requests}, and whether the connection stays open. Authenticated requests are forwarded by
 * {@link UaProxyHandler}, not answered here.
 */
final class UaAnswers {

  private static final String TEXT = "text/plain; charset=utf-8";

  private final String opaque;
  private final int retryAfterSeconds;

  /**
   * Answers challenging with {@code opaque} and asking to retry after {@code retryAfterSeconds}.
   */
  UaAnswers(String opaque, int retryAfterSeconds) {
    this.opaque = opaque;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /**
   * An answer, as written.
   *
   * @param response the response
   * @param outcome the {@code outcome} tag
   * @param keying the {@code keying} tag
   * @param keepAlive whether the connection may stay open after it
   */
  record Answer(FullHttpResponse response, String outcome, String keying, boolean keepAlive) {}

  /**
   * The answer to {@code outcome} (anything but {@link UaOutcome.Authenticated}) for {@code host};
   * a challenge takes a fresh nonce from {@code nonces}.
   */
  Answer of(UaOutcome outcome, String host, NonceBook nonces, boolean keepAlive) {
    if (outcome instanceof UaOutcome.Challenge c) {
      FullHttpResponse r =
          text(
              HttpResponseStatus.UNAUTHORIZED,
              (c.keying() == Keying.AKMA ? "AKMA" : "GBA") + " authentication required");
      r.headers()
          .set(
              HttpHeaderNames.WWW_AUTHENTICATE,
              UaDigest.challenge(host, nonces.issue(host), opaque, c.stale(), c.keying()));
      return new Answer(r, "challenge_" + c.cause().tag(), c.keying().tag(), keepAlive);
    }
    if (outcome instanceof UaOutcome.BadRequest b) {
      return new Answer(
          text(HttpResponseStatus.BAD_REQUEST, b.reason()),
          "bad_request",
          NafProxyMetrics.NO_KEYING,
          false);
    }
    if (outcome instanceof UaOutcome.Forbidden f) {
      return new Answer(
          text(HttpResponseStatus.FORBIDDEN, f.reason()), "forbidden", f.keying().tag(), keepAlive);
    }
    if (outcome instanceof UaOutcome.NoAfKey n) {
      // TS 33.535 Annex B step 6: an error without the realm attributes, no new AKMA challenge
      return new Answer(
          text(HttpResponseStatus.FORBIDDEN, n.reason()),
          "key_unknown",
          Keying.AKMA.tag(),
          keepAlive);
    }
    if (outcome instanceof UaOutcome.Unavailable u) {
      return new Answer(
          unavailable(u.reason()),
          u.keying() == Keying.AKMA ? "aanf_unavailable" : "bsf_unavailable",
          u.keying().tag(),
          keepAlive);
    }
    throw new IllegalStateException("an outcome without its answer: " + outcome);
  }

  /** 503 with Retry-After and {@code reason}. */
  FullHttpResponse unavailable(String reason) {
    FullHttpResponse r = text(HttpResponseStatus.SERVICE_UNAVAILABLE, reason);
    r.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
    return r;
  }

  /** A plain-text answer of {@code status} saying {@code body}. */
  static FullHttpResponse text(HttpResponseStatus status, String body) {
    FullHttpResponse r =
        new DefaultFullHttpResponse(
            HttpVersion.HTTP_1_1,
            status,
            Unpooled.copiedBuffer(body + "\n", StandardCharsets.UTF_8));
    r.headers().set(HttpHeaderNames.CONTENT_TYPE, TEXT);
    return r;
  }
}
