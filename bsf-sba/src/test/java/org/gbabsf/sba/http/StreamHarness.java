package org.gbabsf.sba.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultLastHttpContent;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.gbabsf.sba.openapi.OpenApiContract;

/**
 * One {@link SbiStreamHandler} alone in an {@link EmbeddedChannel} whose clock is frozen, as it
 * sits after {@code Http2StreamFrameToHttpObjectCodec}: requests go in as HTTP objects, answers
 * come out as {@link FullHttpResponse}s. The routes: the Nbsp_GBA operation and a test API with a
 * path parameter, all served by {@link #service}, which records each request.
 */
final class StreamHarness {

  static final String NBSP = "/nbsp-gba/v1/bootstrapping-info-retrieval";

  /** A route that also takes forms (an NRF's token endpoint). */
  static final String FORM_PATH = "/oauth2/token";

  static final SbiPeer PEER =
      new SbiPeer(new InetSocketAddress("192.0.2.7", 40123), true, List.of("naf.example.org"));

  final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  final SbiServerMetrics metrics = new SbiServerMetrics(registry, "sbi");
  final List<SbiRequest> requests = new CopyOnWriteArrayList<>();
  final EmbeddedChannel channel;

  /** What the services answer; by default a 200 with {@code {"ok":true}}. */
  volatile Function<SbiRequest, CompletionStage<SbiResponse>> service =
      r -> CompletableFuture.completedFuture(SbiResponse.json(200, utf8("{\"ok\":true}")));

  StreamHarness(SbiServerSettings settings) {
    SbiService recording =
        r -> {
          requests.add(r);
          return service.apply(r);
        };
    SbiRoutes routes =
        SbiRoutes.of(
            List.of(
                new SbiRoutes.Route("POST", NBSP, "nbsp-gba", recording),
                new SbiRoutes.Route("POST", "/api/v1/{id}/things", "api", recording),
                new SbiRoutes.Route("GET", "/api/v1/{id}/things", "api", recording),
                new SbiRoutes.Route(
                    "POST",
                    FORM_PATH,
                    "nnrf-oauth2",
                    recording,
                    java.util.Set.of("application/x-www-form-urlencoded"))));
    channel = new EmbeddedChannel();
    channel.freezeTime();
    channel.pipeline().addLast(new SbiStreamHandler(routes, settings, metrics, PEER));
  }

  StreamHarness() {
    this(SbiServerSettings.defaults("sbi", "127.0.0.1", 0));
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** A request head: content-length and content-type set when not null. */
  static HttpRequest head(HttpMethod method, String uri, Long length, String type) {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, method, uri);
    if (length != null) {
      r.headers().set(HttpHeaderNames.CONTENT_LENGTH, length);
    }
    if (type != null) {
      r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
    }
    return r;
  }

  /** A whole request in one object, with content-length and the content type. */
  static DefaultFullHttpRequest full(HttpMethod method, String uri, String type, String body) {
    DefaultFullHttpRequest r =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1, method, uri, Unpooled.copiedBuffer(utf8(body)));
    r.headers().set(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
    if (type != null) {
      r.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
    }
    return r;
  }

  static HttpContent content(String part) {
    return new DefaultHttpContent(buffer(part));
  }

  static LastHttpContent last(String part) {
    return new DefaultLastHttpContent(buffer(part));
  }

  /** A buffer that counts references even when empty (unlike the shared empty buffer). */
  private static ByteBuf buffer(String part) {
    return Unpooled.buffer(0).writeBytes(utf8(part));
  }

  /** Feeds objects to the handler (running the tasks they queue). */
  void send(Object... objects) {
    for (Object o : objects) {
      channel.writeInbound(o);
    }
  }

  /** The one answer written, or fails. */
  Answer answer() {
    FullHttpResponse r = channel.readOutbound();
    assertThat(r).as("an answer").isNotNull();
    try {
      Map<String, String> headers = new HashMap<>();
      r.headers().forEach(e -> headers.put(e.getKey(), e.getValue()));
      Answer a = new Answer(r.status().code(), headers, ByteBufUtil.getBytes(r.content()));
      assertThat(a.headers()).containsEntry("content-length", Integer.toString(a.body().length));
      return a;
    } finally {
      r.release();
    }
  }

  /** Nothing more written. */
  void assertNoAnswer() {
    Object o = channel.readOutbound();
    if (o instanceof io.netty.handler.codec.http2.Http2ResetFrame reset) {
      // After an answer given from the head, the rest of the request is stopped (RFC 9113 §8.1).
      assertThat(reset.errorCode())
          .isEqualTo(io.netty.handler.codec.http2.Http2Error.NO_ERROR.code());
      o = channel.readOutbound();
    }
    assertThat(o).as("no answer").isNull();
  }

  double count(String name, String... tags) {
    return registry.get(name).tags(tags).counter().count();
  }

  double requestsCounted(String api, int status) {
    return count("bsf.sbi.server.requests", "api", api, "status", Integer.toString(status));
  }

  /** An answer as a value. */
  record Answer(int status, Map<String, String> headers, byte[] body) {
    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }

    /** The ProblemDetails is valid, with this cause (or none), and the media type is right. */
    Answer assertProblem(String cause) {
      assertThat(headers).containsEntry("content-type", "application/problem+json");
      assertThat(
              OpenApiContract.shared()
                  .schemaErrors(OpenApiContract.COMMON_DATA, "ProblemDetails", body))
          .isEmpty();
      if (cause == null) {
        assertThat(text()).doesNotContain("\"cause\"");
      } else {
        assertThat(text()).contains("\"cause\":\"" + cause + "\"", "\"status\":" + status);
      }
      return this;
    }

    /** This answer is one the Nbsp_GBA operation may give. */
    Answer assertNbspAnswer() {
      OpenApiContract.shared()
          .assertValidResponse(
              OpenApiContract.NBSP_GBA, "POST", NBSP, status, headers.get("content-type"), body);
      return this;
    }
  }
}
