package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.TransportLimits;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.RequestHandler;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.base.ResultCodes;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.TestRequests;
import org.junit.jupiter.api.Test;

/**
 * A peer may not leave more than {@code diameter.max-pending-requests} requests unanswered on one
 * connection: past it the transport answers 3004 DIAMETER_TOO_BUSY. Without the bound, a peer that
 * pipelines requests faster than the stack answers them fills jdiameter's event queue (10,000), and
 * the node's one I/O thread then waits for room, up to the watchdog interval, serving no
 * connection.
 */
class PendingRequestsIT {

  private static final AppId ZN = TestRequests.ZN;
  private static final int BIR = TestRequests.BIR;

  @Test
  void should_answer_too_busy_past_the_bound_when_a_peer_pipelines_requests_left_unanswered()
      throws Exception {
    int port = Ports.free();
    // A handler whose answers never come: every request stays pending.
    try (DiameterNode node = node(port, 3, (request, from) -> new CompletableFuture<>());
        RawPeer naf = RawPeer.admitted(port, "naf.home1.net", "home1.net", ZN)) {
      for (int n = 1; n <= 4; n++) {
        naf.write(DiameterWire.encode(TestRequests.bir(n)));
      }

      DiameterMessage answer = naf.read().orElseThrow();
      assertThat(answer.hopByHop())
          .as("only the fourth is answered: %s %s", answer.avps(), BaseMessages.resultCode(answer))
          .isEqualTo(4);
      assertThat(answer.error()).isTrue();
      assertThat(BaseMessages.resultCode(answer)).map(r -> r.code()).contains(ResultCodes.TOO_BUSY);
      assertThat(node.counters().requestsRefused(ResultCodes.TOO_BUSY)).isEqualTo(1);
    }
  }

  @Test
  void should_keep_admitting_other_peers_when_one_floods_a_stack_that_has_stopped_answering()
      throws Exception {
    int port = Ports.free();
    CountDownLatch stuck = new CountDownLatch(1);
    // The flooder's first request holds its peer's FSM thread, as a stack that has fallen behind
    // would.
    RequestHandler holding =
        (request, from) -> {
          try {
            stuck.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          return new CompletableFuture<>();
        };
    try (DiameterNode node = node(port, 100, holding);
        RawPeer flooder = RawPeer.admitted(port, "naf.home1.net", "home1.net", ZN)) {
      // The flooder reads its refusals as they come, so that they never fill its connection.
      CompletableFuture<Integer> tooBusy = CompletableFuture.supplyAsync(() -> tooBusy(flooder));
      ByteArrayOutputStream flood = new ByteArrayOutputStream();
      for (int n = 1; n <= 10_100; n++) {
        flood.write(DiameterWire.encode(TestRequests.bir(n)));
      }
      flooder.write(flood.toByteArray());
      // The whole flood is read: 100 requests held (one in the handler), the other 10,000
      // answered 3004. Without the bound the stack's queue (10,000) fills here, and the I/O
      // thread waits for room up to the watchdog interval (30 s), reading no connection.
      assertThat(tooBusy.get(30, TimeUnit.SECONDS))
          .as("every request past the bound answered 3004")
          .isEqualTo(10_000);

      // Another NAF's CER is read, admitted and answered CEA 2001 (admitted() checks it): the I/O
      // thread still serves other connections.
      assertThatCode(() -> RawPeer.admitted(port, "naf2.home1.net", "home1.net", ZN).close())
          .doesNotThrowAnyException();
      assertThat(node.counters().requestsRefused(ResultCodes.TOO_BUSY)).isEqualTo(10_000);
    } finally {
      stuck.countDown();
    }
  }

  /** Reads 3004 answers from {@code peer} until 10,000 came or anything else does. */
  private static int tooBusy(RawPeer peer) {
    int n = 0;
    try {
      while (n < 10_000) {
        Optional<DiameterMessage> answer = peer.read();
        if (answer.isEmpty()
            || !BaseMessages.resultCode(answer.get())
                .map(r -> r.code() == ResultCodes.TOO_BUSY)
                .orElse(false)) {
          return n;
        }
        n++;
      }
      return n;
    } catch (IOException e) {
      return n;
    }
  }

  private static DiameterNode node(int port, int maxPendingRequests, RequestHandler handler) {
    return DiameterNode.start(
        TestNodes.bsf(
                port, ZN, PeerAdmission.only(Set.of("naf.home1.net", "naf2.home1.net"), Set.of()))
            .withLimits(
                new TransportLimits(64 * 1024, Duration.ofSeconds(5), 64, maxPendingRequests)),
        Map.of(new DiameterNode.Serves(ZN, BIR), handler));
  }
}
