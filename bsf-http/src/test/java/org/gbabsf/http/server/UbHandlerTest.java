package org.gbabsf.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedGuss;
import org.gbabsf.core.sim.SimulatedHss;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.store.InMemoryChallengeStore;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.testing.MutableClock;
import org.gbabsf.core.ub.BootstrappingInfoXml;
import org.gbabsf.core.ub.BootstrappingService;
import org.gbabsf.core.ub.ChallengeCause;
import org.gbabsf.core.ub.RejectReason;
import org.gbabsf.core.ub.UbOutcome;
import org.gbabsf.core.ub.UbOutcome.Challenge;
import org.gbabsf.core.ub.UbOutcome.Rejected;
import org.gbabsf.core.ub.UbPolicy;
import org.gbabsf.core.ub.UbRequest;
import org.gbabsf.http.client.BootstrappingInfo;
import org.gbabsf.http.client.UeAuthenticator;
import org.gbabsf.http.codec.UbResponseEncoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class UbHandlerTest {

  private static final String REALM = "bsf.home1.net";
  private static final int MAX_HEADER_SIZE = 8192;
  private static final Challenge CHALLENGE =
      new Challenge(REALM, "bm9uY2U=", "opaque", ChallengeCause.INITIAL);

  private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T10:00:00Z"));
  private final GeneratedSubscriberDirectory directory =
      new GeneratedSubscriberDirectory(10, "home1.net");
  private final BootstrappingService service =
      new BootstrappingService(
          new SimulatedHss(directory, new SimulatedGuss(Duration.ofHours(1)), Duration.ZERO),
          new InMemoryChallengeStore(100, clock),
          new InMemorySessionStore(100, clock),
          UbPolicy.defaults(REALM),
          clock);
  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final UbMetrics metrics = new UbMetrics(registry);
  private final UbResponseEncoder encoder = new UbResponseEncoder(Duration.ofSeconds(5));
  private final AtomicInteger inFlight = new AtomicInteger();
  private final java.util.concurrent.atomic.AtomicBoolean draining =
      new java.util.concurrent.atomic.AtomicBoolean();
  private final List<Connection> connections = new ArrayList<>();

  /** A decoded answer, copied out of Netty's buffers. */
  private record Response(int status, HttpHeaders headers, byte[] body) {
    String header(CharSequence name) {
      return headers.get(name);
    }

    String text() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** One client connection to a server pipeline as {@link UbServer} builds it. */
  private final class Connection {
    final EmbeddedChannel server;
    final EmbeddedChannel client =
        new EmbeddedChannel(new HttpResponseDecoder(), new HttpObjectAggregator(1 << 16));

    Connection(
        int maxHeaderSize, int maxInFlight, Function<UbRequest, CompletionStage<UbOutcome>> uc) {
      server =
          new EmbeddedChannel(
              new HttpServerCodec(4096, maxHeaderSize, UbServer.MAX_BODY),
              new HttpObjectAggregator(UbServer.MAX_BODY),
              new UbHandler(
                  uc,
                  encoder,
                  metrics,
                  new AdaptiveLimit(maxInFlight, 0, () -> 0, inFlight, System::nanoTime),
                  null,
                  draining::get));
    }

    /** Writes raw request bytes and returns the answers available afterwards. */
    List<Response> send(String raw) {
      server.writeInbound(Unpooled.copiedBuffer(raw, StandardCharsets.US_ASCII));
      return responses();
    }

    /** Runs the server's pending tasks and decodes every byte it wrote since the last call. */
    List<Response> responses() {
      server.runPendingTasks();
      for (ByteBuf out = server.readOutbound(); out != null; out = server.readOutbound()) {
        client.writeInbound(out);
      }
      List<Response> answers = new ArrayList<>();
      for (Object in = client.readInbound(); in != null; in = client.readInbound()) {
        FullHttpResponse r = (FullHttpResponse) in;
        try {
          assertThat(r.decoderResult().isSuccess()).as("response decodes").isTrue();
          answers.add(
              new Response(
                  r.status().code(), r.headers().copy(), ByteBufUtil.getBytes(r.content())));
        } finally {
          r.release();
        }
      }
      return answers;
    }

    Response single(String raw) {
      List<Response> answers = send(raw);
      assertThat(answers).hasSize(1);
      return answers.get(0);
    }
  }

  private Connection connect(
      int maxHeaderSize, int maxInFlight, Function<UbRequest, CompletionStage<UbOutcome>> uc) {
    Connection c = new Connection(maxHeaderSize, maxInFlight, uc);
    connections.add(c);
    return c;
  }

  private Connection connect() {
    return connect(MAX_HEADER_SIZE, 10_000, service::handle);
  }

  @AfterEach
  void closeChannels() {
    for (Connection c : connections) {
      c.server.finishAndReleaseAll();
      c.client.finishAndReleaseAll();
    }
  }

  private static String get(String authorization, String... extraHeaders) {
    StringBuilder sb =
        new StringBuilder("GET / HTTP/1.1\r\nHost: bsf.home1.net\r\n")
            .append("User-Agent: ")
            .append(UeAuthenticator.USER_AGENT)
            .append("\r\n");
    if (authorization != null) {
      sb.append("Authorization: ").append(authorization).append("\r\n");
    }
    for (String h : extraHeaders) {
      sb.append(h).append("\r\n");
    }
    return sb.append("\r\n").toString();
  }

  private static String initial(String impi) {
    return get("Digest username=\"" + impi + "\", realm=\"" + REALM + "\", nonce=\"\", uri=\"/\"");
  }

  private double responses(String status, String outcome) {
    return registry
        .get("bsf.ub.responses")
        .tags("status", status, "outcome", outcome)
        .counter()
        .count();
  }

  @Test
  void should_bootstrap_over_one_connection_when_ue_answers_the_challenge() {
    SimulatedUsim usim = new SimulatedUsim(directory.find(directory.impi(1)).orElseThrow());
    UeAuthenticator ue = new UeAuthenticator(usim, "/");
    Connection c = connect();

    Response challenge = c.single(get(ue.initialAuthorization(REALM)));

    assertThat(challenge.status()).isEqualTo(401);
    assertThat(challenge.header(HttpHeaderNames.WWW_AUTHENTICATE))
        .startsWith("Digest realm=\"bsf.home1.net\", nonce=\"")
        .contains("algorithm=AKAv1-MD5, qop=\"auth-int\", opaque=\"");
    assertThat(challenge.header(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(challenge.header(HttpHeaderNames.CONTENT_LENGTH)).isEqualTo("0");

    UeAuthenticator.Step step =
        ue.onChallenge(challenge.header(HttpHeaderNames.WWW_AUTHENTICATE), "GET");
    assertThat(step).isInstanceOf(UeAuthenticator.Step.Respond.class);
    UeAuthenticator.Step.Respond answer = (UeAuthenticator.Step.Respond) step;

    Response ok = c.single(get(answer.authorization()));

    assertThat(ok.status()).isEqualTo(200);
    assertThat(ok.header(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(ok.header(HttpHeaderNames.CONTENT_TYPE))
        .isEqualTo(BootstrappingInfoXml.CONTENT_TYPE);
    assertThat(ok.header(HttpHeaderNames.CONTENT_LENGTH))
        .isEqualTo(Integer.toString(ok.body().length));
    assertThat(ok.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)).isFalse();
    assertThat(ok.body()).isNotEmpty();
    assertThat(
            ue.checkAuthenticationInfo(ok.header("Authentication-Info"), ok.body(), answer.keys()))
        .isNull();
    Optional<BootstrappingInfo> info = BootstrappingInfo.parse(ok.body());
    assertThat(info).isPresent();
    assertThat(info.get().btid()).endsWith("@" + REALM);
    assertThat(c.server.isActive()).isTrue();

    assertThat(responses("401", "challenge_initial")).isEqualTo(1.0);
    assertThat(responses("200", "bootstrapped")).isEqualTo(1.0);
    assertThat(inFlight.get()).isZero();
  }

  static Stream<Arguments> refusals() {
    String impi = "user1@home1.net";
    String auth =
        "Digest username=\"" + impi + "\", realm=\"" + REALM + "\", nonce=\"\", uri=\"/\"";
    return Stream.of(
        Arguments.of(
            "POST",
            "POST / HTTP/1.1\r\nHost: bsf\r\nUser-Agent: 3gpp-gba\r\nAuthorization: "
                + auth
                + "\r\nContent-Length: 3\r\n\r\nabc",
            405,
            "rejected_method_not_allowed",
            "only GET"),
        Arguments.of(
            "no 3gpp-gba token",
            "GET / HTTP/1.1\r\nHost: bsf\r\nUser-Agent: Mozilla/5.0\r\nAuthorization: "
                + auth
                + "\r\n\r\n",
            403,
            "rejected_not_a_gba_client",
            "User-Agent must contain 3gpp-gba"),
        Arguments.of(
            "unterminated quote in Authorization",
            get("Digest realm=\"" + REALM + "\", username=\"" + impi),
            400,
            "rejected_malformed_request",
            "unterminated quoted string"),
        Arguments.of(
            "no Authorization",
            get(null),
            400,
            "rejected_missing_identity",
            "Authorization: Digest username=\"<IMPI>\" is required"),
        Arguments.of(
            "unknown user",
            get("Digest username=\"nobody@home1.net\", nonce=\"\""),
            403,
            "rejected_user_unknown",
            "unknown user"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void should_answer_rejection_and_keep_connection_when_request_is_refused(
      String description, String raw, int status, String outcome, String bodyText) {
    Connection c = connect();

    Response r = c.single(raw);

    assertThat(r.status()).isEqualTo(status);
    assertThat(r.text()).contains(bodyText);
    assertThat(r.header(HttpHeaderNames.CONTENT_LENGTH))
        .isEqualTo(Integer.toString(r.body().length));
    assertThat(r.header(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(c.server.isActive()).isTrue();
    assertThat(responses(Integer.toString(status), outcome)).isEqualTo(1.0);
  }

  @Test
  void should_send_allow_get_when_method_is_post() {
    Connection c = connect();

    Response r =
        c.single(
            "POST / HTTP/1.1\r\nHost: bsf\r\nUser-Agent: 3gpp-gba\r\nContent-Length: 0\r\n\r\n");

    assertThat(r.status()).isEqualTo(405);
    assertThat(r.headers().getAll(HttpHeaderNames.ALLOW)).containsExactly("GET");
  }

  @Test
  void should_answer_431_and_close_when_headers_exceed_the_limit() {
    Connection c = connect(1024, 10_000, service::handle);

    Response r = c.single(get(null, "X-Filler: " + "a".repeat(2000)));

    assertThat(r.status()).isEqualTo(431);
    assertThat(r.header(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    assertThat(c.server.isOpen()).isFalse();
    assertThat(responses("431", "rejected_headers_too_large")).isEqualTo(1.0);
  }

  @Test
  void should_answer_and_close_when_request_asks_connection_close() {
    Connection c = connect();

    Response r =
        c.single(initial("user2@home1.net").replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"));

    assertThat(r.status()).isEqualTo(401);
    assertThat(r.header(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    assertThat(c.server.isOpen()).isFalse();
  }

  @Test
  void should_answer_400_and_close_when_request_line_is_garbage() {
    Connection c = connect();

    Response r = c.single("GET / HTTP/1.1 extra\r\n\r\n");

    assertThat(r.status()).isEqualTo(400);
    assertThat(r.header(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    assertThat(c.server.isOpen()).isFalse();
  }

  @Test
  void should_answer_503_with_retry_after_when_requests_in_flight_exceed_the_bound() {
    CompletableFuture<UbOutcome> pendingA = new CompletableFuture<>();
    List<UbRequest> seen = new ArrayList<>();
    Function<UbRequest, CompletionStage<UbOutcome>> useCase =
        r -> {
          seen.add(r);
          return pendingA;
        };
    Connection a = connect(MAX_HEADER_SIZE, 1, useCase);
    Connection b = connect(MAX_HEADER_SIZE, 1, useCase);

    assertThat(a.send(initial("user1@home1.net"))).isEmpty();
    assertThat(inFlight.get()).isEqualTo(1);

    Response overloaded = b.single(initial("user2@home1.net"));

    assertThat(overloaded.status()).isEqualTo(503);
    assertThat(overloaded.header(HttpHeaderNames.RETRY_AFTER)).isEqualTo("5");
    assertThat(overloaded.header(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(seen).hasSize(1);
    assertThat(inFlight.get()).isEqualTo(1);
    assertThat(responses("503", "rejected_overloaded")).isEqualTo(1.0);

    pendingA.complete(CHALLENGE);
    List<Response> answersA = a.responses();

    assertThat(answersA).extracting(Response::status).containsExactly(401);
    assertThat(inFlight.get()).isZero();
  }

  @Test
  void should_answer_in_request_order_when_requests_are_pipelined() {
    CompletableFuture<UbOutcome> first = new CompletableFuture<>();
    Deque<CompletionStage<UbOutcome>> outcomes =
        new ArrayDeque<>(List.of(first, CompletableFuture.completedFuture(CHALLENGE)));
    List<String> seen = new ArrayList<>();
    Connection c =
        connect(
            MAX_HEADER_SIZE,
            10_000,
            r -> {
              seen.add(r.credentials().username());
              return outcomes.poll();
            });

    assertThat(c.send(initial("user1@home1.net") + initial("user2@home1.net"))).isEmpty();
    assertThat(seen).containsExactly("user1@home1.net");

    first.complete(new Rejected(RejectReason.USER_UNKNOWN, "unknown user"));
    List<Response> answers = c.responses();

    assertThat(answers).extracting(Response::status).containsExactly(403, 401);
    assertThat(seen).containsExactly("user1@home1.net", "user2@home1.net");
    assertThat(inFlight.get()).isZero();
  }

  @Test
  void should_serve_every_pipelined_request_in_order_when_one_in_the_middle_is_refused() {
    CompletableFuture<UbOutcome> first = new CompletableFuture<>();
    AtomicInteger calls = new AtomicInteger();
    Connection c =
        connect(
            MAX_HEADER_SIZE,
            10_000,
            r ->
                calls.getAndIncrement() == 0
                    ? first
                    : CompletableFuture.completedFuture(CHALLENGE));
    String post =
        "POST / HTTP/1.1\r\nHost: bsf.home1.net\r\nUser-Agent: 3gpp-gba\r\n"
            + "Content-Length: 0\r\n\r\n";

    assertThat(c.send(initial("user1@home1.net") + post + initial("user2@home1.net"))).isEmpty();
    first.complete(new Rejected(RejectReason.USER_UNKNOWN, "unknown user"));

    assertThat(c.responses()).extracting(Response::status).containsExactly(403, 405, 401);
    assertThat(calls.get()).isEqualTo(2);
    assertThat(inFlight.get()).isZero();
  }

  @Test
  void should_not_process_queued_requests_when_an_answer_closes_the_connection() {
    CompletableFuture<UbOutcome> first = new CompletableFuture<>();
    AtomicInteger calls = new AtomicInteger();
    Connection c =
        connect(
            MAX_HEADER_SIZE,
            10_000,
            r -> {
              calls.incrementAndGet();
              return first;
            });
    String closing = get(null, "Connection: close").replace("User-Agent: ", "X-Ignored: ");

    c.send(initial("user1@home1.net") + closing + initial("user2@home1.net"));
    first.complete(CHALLENGE);

    assertThat(c.responses()).extracting(Response::status).containsExactly(401, 403);
    assertThat(calls.get()).isEqualTo(1);
    assertThat(c.server.isOpen()).isFalse();
  }

  @Test
  void should_pause_reading_and_resume_when_pipeline_queue_fills_and_drains() {
    CompletableFuture<UbOutcome> first = new CompletableFuture<>();
    AtomicInteger calls = new AtomicInteger();
    Connection c =
        connect(
            MAX_HEADER_SIZE,
            10_000,
            r ->
                calls.getAndIncrement() == 0
                    ? first
                    : CompletableFuture.completedFuture(CHALLENGE));
    int requests = UbHandler.MAX_PIPELINED + 1;

    assertThat(c.send(initial("user1@home1.net").repeat(requests))).isEmpty();
    assertThat(c.server.config().isAutoRead()).isFalse();

    first.complete(new Rejected(RejectReason.USER_UNKNOWN, "unknown user"));
    List<Response> answers = c.responses();

    assertThat(answers).hasSize(requests);
    assertThat(answers.get(0).status()).isEqualTo(403);
    assertThat(answers.subList(1, requests)).extracting(Response::status).containsOnly(401);
    assertThat(c.server.config().isAutoRead()).isTrue();
    assertThat(calls.get()).isEqualTo(requests);
  }

  @Test
  void should_drop_queued_requests_when_connection_closes_while_busy() {
    CompletableFuture<UbOutcome> first = new CompletableFuture<>();
    AtomicInteger calls = new AtomicInteger();
    Connection c =
        connect(
            MAX_HEADER_SIZE,
            10_000,
            r -> {
              calls.incrementAndGet();
              return first;
            });
    assertThat(c.send(initial("user1@home1.net") + initial("user2@home1.net"))).isEmpty();

    c.server.close();
    first.complete(CHALLENGE);

    assertThat(c.responses()).isEmpty();
    assertThat(calls.get()).isEqualTo(1);
    assertThat(inFlight.get()).isZero();
  }

  @Test
  void should_serve_and_close_the_connection_after_the_answer_when_draining() {
    Connection c =
        connect(MAX_HEADER_SIZE, 10_000, r -> CompletableFuture.completedFuture(CHALLENGE));
    Response before = c.single(initial("user1@home1.net"));
    draining.set(true);

    Response during = c.single(initial("user2@home1.net"));

    assertThat(before.header(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(during.status()).isEqualTo(401);
    assertThat(during.header(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    assertThat(c.server.isOpen()).isFalse();
  }

  @Test
  void should_answer_503_and_keep_connection_when_use_case_completes_exceptionally() {
    Deque<CompletionStage<UbOutcome>> outcomes =
        new ArrayDeque<>(
            List.of(
                CompletableFuture.failedFuture(new IllegalStateException("store exploded")),
                CompletableFuture.completedFuture(CHALLENGE)));
    Connection c = connect(MAX_HEADER_SIZE, 10_000, r -> outcomes.poll());

    Response failed = c.single(initial("user1@home1.net"));

    assertThat(failed.status()).isEqualTo(503);
    assertThat(failed.header(HttpHeaderNames.RETRY_AFTER)).isEqualTo("5");
    assertThat(failed.header(HttpHeaderNames.CONNECTION)).isEqualTo("keep-alive");
    assertThat(failed.text()).contains("internal error").doesNotContain("store exploded");
    assertThat(c.server.isActive()).isTrue();
    assertThat(inFlight.get()).isZero();

    Response next = c.single(initial("user1@home1.net"));

    assertThat(next.status()).isEqualTo(401);
  }

  @Test
  void should_answer_503_when_use_case_fails_later_from_another_thread_context() {
    CompletableFuture<UbOutcome> pending = new CompletableFuture<>();
    Connection c = connect(MAX_HEADER_SIZE, 10_000, r -> pending);

    assertThat(c.send(initial("user1@home1.net"))).isEmpty();
    pending.completeExceptionally(new IllegalStateException("late failure"));

    assertThat(c.responses()).extracting(Response::status).containsExactly(503);
    assertThat(inFlight.get()).isZero();
    assertThat(c.server.isActive()).isTrue();
  }

  @Test
  void should_answer_503_and_close_when_use_case_throws() {
    Connection c =
        connect(
            MAX_HEADER_SIZE,
            10_000,
            r -> {
              throw new IllegalStateException("bug");
            });

    Response r = c.single(initial("user1@home1.net"));

    assertThat(r.status()).isEqualTo(503);
    assertThat(r.header(HttpHeaderNames.CONNECTION)).isEqualTo("close");
    assertThat(c.server.isOpen()).isFalse();
    assertThat(inFlight.get()).isZero();
  }

  @Test
  void should_close_idle_connection_when_no_request_is_in_progress() {
    Connection c = connect();

    c.server.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    c.server.runPendingTasks();

    assertThat(c.server.isOpen()).isFalse();
  }

  @Test
  void should_keep_idle_connection_when_a_request_is_in_progress() {
    CompletableFuture<UbOutcome> pending = new CompletableFuture<>();
    Connection c = connect(MAX_HEADER_SIZE, 10_000, r -> pending);
    assertThat(c.send(initial("user1@home1.net"))).isEmpty();

    c.server.pipeline().fireUserEventTriggered(IdleStateEvent.ALL_IDLE_STATE_EVENT);
    c.server.runPendingTasks();

    assertThat(c.server.isOpen()).isTrue();
    pending.complete(CHALLENGE);
    assertThat(c.responses()).extracting(Response::status).containsExactly(401);
  }
}
