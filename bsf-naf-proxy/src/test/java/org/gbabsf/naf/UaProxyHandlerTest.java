package org.gbabsf.naf;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The adapter on an {@link EmbeddedChannel}: what each decision looks like in HTTP. */
class UaProxyHandlerTest {

  private final NonceBook nonces = new NonceBook(Duration.ofMinutes(5), 100, Clock.systemUTC());
  private final KeyCache keys =
      new KeyCache(
          (b, n, p) -> CompletableFuture.completedFuture(new KeyAnswer.Unknown()),
          10,
          Clock.systemUTC());
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

  private EmbeddedChannel channel() {
    return new EmbeddedChannel(
        new UaProxyHandler(
            new UaAuthenticator(keys, nonces, Clock.systemUTC()),
            Routes.parse("xcap.home1.net=http://127.0.0.1:1"),
            null,
            new NafProxyMetrics(registry, keys, nonces),
            "opaque",
            false,
            5,
            false));
  }

  private static FullHttpRequest get(String host, String authorization) {
    FullHttpRequest r = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET, "/doc");
    if (host != null) {
      r.headers().set(HttpHeaderNames.HOST, host);
    }
    if (authorization != null) {
      r.headers().set(HttpHeaderNames.AUTHORIZATION, authorization);
    }
    return r;
  }

  private static FullHttpResponse answer(EmbeddedChannel ch, FullHttpRequest r) {
    ch.writeInbound(r);
    ch.runPendingTasks();
    return ch.readOutbound();
  }

  @Test
  void should_challenge_with_the_gba_realm_of_the_host_when_no_credentials_come() {
    FullHttpResponse r = answer(channel(), get("XCAP.home1.net:8088", null));

    assertThat(r.status().code()).isEqualTo(401);
    assertThat(r.headers().get(HttpHeaderNames.WWW_AUTHENTICATE))
        .startsWith("Digest realm=\"3GPP-bootstrapping@xcap.home1.net\", nonce=\"");
    assertThat(nonces.size()).isEqualTo(1);
    assertThat(
            registry.get("bsf.naf.requests").tag("outcome", "challenge_initial").counter().count())
        .isEqualTo(1.0);
  }

  @Test
  void should_challenge_with_the_gba_realm_when_a_ue_announcing_akma_comes_over_plain_http() {
    KeyCache afKeys =
        new KeyCache(
            (a, f, p) -> CompletableFuture.completedFuture(new KeyAnswer.Unknown()),
            10,
            Clock.systemUTC());
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new UaProxyHandler(
                new UaAuthenticator(
                    keys,
                    java.util.Optional.of(
                        new UaAuthenticator.Akma(
                            afKeys,
                            UaProtocol.overTls("TLS_AES_128_GCM_SHA256"),
                            java.util.Set.of(),
                            true)),
                    nonces,
                    Clock.systemUTC()),
                Routes.parse("xcap.home1.net=http://127.0.0.1:1"),
                null,
                new NafProxyMetrics(registry, keys, java.util.Optional.of(afKeys), nonces),
                "opaque",
                false,
                5,
                false));
    FullHttpRequest r = get("xcap.home1.net", null);
    r.headers().set(HttpHeaderNames.USER_AGENT, "xcap-client/1 3gpp-akma");

    FullHttpResponse answer = answer(ch, r);

    assertThat(answer.status().code()).isEqualTo(401);
    assertThat(answer.headers().get(HttpHeaderNames.WWW_AUTHENTICATE))
        .contains("realm=\"3GPP-bootstrapping@xcap.home1.net\"")
        .doesNotContain("akma");
    assertThat(
            registry
                .get("bsf.naf.requests")
                .tag("outcome", "challenge_initial")
                .tag("keying", "gba")
                .counter()
                .count())
        .isEqualTo(1.0);
    assertThat(registry.get("bsf.naf.keys.fetched").tag("source", "aanf").functionCounter())
        .isNotNull();
  }

  @Test
  void should_answer_404_for_a_host_it_does_not_front_and_400_without_host() {
    assertThat(answer(channel(), get("other.home1.net", null)).status().code()).isEqualTo(404);
    assertThat(answer(channel(), get(null, null)).status().code()).isEqualTo(400);
    assertThat(
            registry
                .get("bsf.naf.requests")
                .tag("outcome", "no_route")
                .tag("keying", "none")
                .counter()
                .count())
        .isEqualTo(1.0);
  }

  @Test
  void should_answer_400_without_echoing_credentials_when_the_authorization_is_malformed() {
    FullHttpResponse r =
        answer(channel(), get("xcap.home1.net", "Digest username=\"secret-btid\""));

    assertThat(r.status().code()).isEqualTo(400);
    assertThat(r.content().toString(java.nio.charset.StandardCharsets.UTF_8))
        .doesNotContain("secret-btid");
  }
}
