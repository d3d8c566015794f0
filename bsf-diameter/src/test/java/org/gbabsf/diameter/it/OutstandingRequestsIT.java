package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig;
import org.gbabsf.diameter.DiameterNodeConfig.TransportLimits;
import org.gbabsf.diameter.DiameterSendException;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.TestRequests;
import org.junit.jupiter.api.Test;

/**
 * A node has at most 9,000 requests awaiting their answers: one more fails at once, instead of
 * waiting on the thread that sends it (a Ub event loop) for room in the peer's event queue
 * (jdiameter's, 10,000 events), as it would once an HSS stops answering under load.
 */
class OutstandingRequestsIT {

  private static final int LIMIT = 9_000;

  @Test
  void should_fail_a_request_at_once_when_as_many_as_the_limit_await_their_answers()
      throws Exception {
    int hssPort = Ports.free();
    try (DiameterNode hss = silentHss(hssPort);
        DiameterNode bsf =
            TestNodes.connectingTo(
                Ports.free(), "hss.home1.net", "hss.realm", hssPort, TestRequests.ZH)) {
      assertThat(Poll.until(() -> bsf.isUp("hss.home1.net"), Duration.ofSeconds(20))).isTrue();
      List<CompletableFuture<DiameterMessage>> waiting = new ArrayList<>();
      for (int i = 0; i < LIMIT; i++) {
        waiting.add(TestRequests.mar(bsf, Duration.ofSeconds(60)).toCompletableFuture());
      }

      CompletableFuture<DiameterMessage> oneMore =
          TestRequests.mar(bsf, Duration.ofSeconds(60)).toCompletableFuture();

      assertThat(oneMore).isCompletedExceptionally();
      assertThat(waiting).noneMatch(CompletableFuture::isDone);
      assertThat(bsf.outstandingRequests()).isEqualTo(LIMIT);
      Throwable failure = oneMore.handle((a, e) -> e).join();
      assertThat(failure instanceof CompletionException c ? c.getCause() : failure)
          .isInstanceOfSatisfying(
              DiameterSendException.class,
              e -> assertThat(e.kind()).isEqualTo(DiameterSendException.Kind.STACK_UNAVAILABLE));
    }
  }

  /** An HSS that holds every MAR unanswered (up to the transport's own ceiling). */
  private static DiameterNode silentHss(int port) {
    return DiameterNode.start(
        new DiameterNodeConfig(
                "hss.home1.net",
                "hss.realm",
                "127.0.0.1",
                port,
                "test-hss",
                List.of(TestRequests.ZH),
                List.of(),
                List.of(),
                PeerAdmission.only(Set.of("bsf.home1.net"), Set.of()),
                Duration.ofSeconds(30),
                Duration.ofSeconds(1),
                true)
            .withLimits(
                new TransportLimits(
                    64 * 1024,
                    Duration.ofSeconds(5),
                    64,
                    TransportLimits.MAX_PENDING_REQUESTS_CEILING)),
        Map.of(
            new DiameterNode.Serves(TestRequests.ZH, TestRequests.MAR),
            (request, from) -> new CompletableFuture<>()));
  }
}
