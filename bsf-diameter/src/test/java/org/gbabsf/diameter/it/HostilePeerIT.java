package org.gbabsf.diameter.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterNodeConfig.TransportLimits;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.NodeCounters;
import org.gbabsf.diameter.PeerAdmission;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.ThreadCpu;
import org.gbabsf.diameter.testing.Watchdogs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reproducers of a hostile or broken peer, as raw bytes over a socket against a running node:
 * each gets its RFC 6733 answer where one is possible, a closed connection where the stream cannot
 * be trusted any more, a counter, and leaves no thread busy (checked after every test).
 */
class HostilePeerIT {

  private static final AppId ZN = new AppId(BaseAvps.VENDOR_3GPP, 16777220L);
  private static final long ZH_APP = 16777221L;
  private static final int BIR = 310;
  private static final String NAF = "naf.fuzz.test";
  private static final int MAX_PENDING = 8;
  private static DiameterNode node;
  private static int port;

  @BeforeAll
  static void start() {
    port = Ports.free();
    node =
        TestNodes.answering(
            TestNodes.bsf(port, ZN, PeerAdmission.only(Set.of(NAF), Set.of()))
                .withLimits(
                    new TransportLimits(64 * 1024, Duration.ofSeconds(1), MAX_PENDING, 5_000)),
            ZN,
            BIR);
  }

  @AfterAll
  static void stop() {
    node.close();
  }

  @AfterEach
  void no_thread_is_left_busy() {
    assertThat(ThreadCpu.busyThreads(Duration.ofMillis(300))).isEmpty();
  }

  @Test
  void should_close_without_answer_when_twenty_bytes_announce_length_zero_before_any_cer()
      throws IOException {
    long before = node.counters().framesRefused("invalid_message_length");
    try (RawPeer p = new RawPeer(port)) {
      byte[] frame = new byte[20];
      frame[0] = 1; // version 1, message length 0, no R bit: nothing to answer
      p.write(frame);

      assertThat(p.closedByPeer()).isTrue();
    }
    assertThat(node.counters().framesRefused("invalid_message_length")).isEqualTo(before + 1);
  }

  @Test
  void should_answer_5015_and_close_when_a_cer_announces_length_zero() throws IOException {
    byte[] cer = DiameterWire.encode(RawPeer.cer(NAF, "fuzz.test", ZN));
    cer[1] = cer[2] = cer[3] = 0;
    try (RawPeer p = new RawPeer(port)) {
      p.write(cer);

      DiameterMessage answer = p.read().orElseThrow();

      assertThat(answer.commandCode()).isEqualTo(257);
      assertThat(answer.request()).isFalse();
      assertThat(answer.hopByHop()).isEqualTo(0x1234);
      assertThat(result(answer)).contains(5015L);
      assertThat(p.closedByPeer()).isTrue();
    }
  }

  @Test
  void should_answer_5015_and_close_when_the_last_avp_of_a_bir_has_no_padding() throws IOException {
    byte[] bir = DiameterWire.encode(bir(List.of(Avp.utf8(BaseAvps.USER_NAME, 0, true, "abcde"))));
    byte[] unpadded = Arrays.copyOf(bir, bir.length - 3); // "abcde" is followed by 3 pad bytes
    ByteBuffer.wrap(unpadded).putInt(0x0100_0000 | unpadded.length);
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(unpadded);

      assertThat(result(p.read().orElseThrow())).contains(5015L);
      assertThat(p.closedByPeer()).isTrue();
    }
  }

  @Test
  void should_answer_5014_with_the_failed_avp_when_an_avp_runs_past_the_message()
      throws IOException {
    byte[] bir = DiameterWire.encode(bir(List.of(Avp.utf8(BaseAvps.USER_NAME, 0, true, "abcd"))));
    int last = bir.length - 12; // User-Name: 8 header bytes and 4 data bytes
    ByteBuffer.wrap(bir).putInt(last + 4, 0x4000_0000 | 400);
    long before = node.counters().framesRefused("invalid_avp_length");
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(bir);

      DiameterMessage answer = p.read().orElseThrow();

      assertThat(result(answer)).contains(5014L);
      assertThat(answer.first(BaseAvps.FAILED_AVP, 0).map(Avp::octets))
          .hasValueSatisfying(failed -> assertThat(failed).startsWith(0, 0, 0, 1));
      assertThat(p.closedByPeer()).isTrue();
    }
    assertThat(node.counters().framesRefused("invalid_avp_length")).isEqualTo(before + 1);
  }

  @Test
  void should_close_when_a_truncated_bir_precedes_a_valid_one_in_one_segment() throws IOException {
    // Once a frame is cut short, the stream has no trustworthy boundary left: the bytes after the
    // cut are read as the rest of the first message, and what follows breaks the framing. The
    // connection is closed at once (the NAF reconnects), instead of waiting silently.
    byte[] valid = DiameterWire.encode(bir(List.of()));
    byte[] segment = new byte[valid.length - 8 + valid.length];
    System.arraycopy(valid, 0, segment, 0, valid.length - 8);
    System.arraycopy(valid, 0, segment, valid.length - 8, valid.length);
    long before = refusedFrames();
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(segment);

      assertThat(p.closedAfterAtMost(2)).isTrue();
    }
    assertThat(refusedFrames()).isEqualTo(before + 1);
  }

  private static long refusedFrames() {
    return NodeCounters.FRAME_VIOLATIONS.stream().mapToLong(node.counters()::framesRefused).sum();
  }

  @Test
  void should_answer_5015_at_once_when_a_message_announces_sixteen_mib() throws IOException {
    byte[] header = Arrays.copyOf(DiameterWire.encode(bir(List.of())), 20);
    ByteBuffer.wrap(header).putInt(0x0100_0000 | 0xFF_FFFC);
    long before = node.counters().framesRefused("message_too_large");
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(header); // the body is never sent: nothing of it may be waited for or buffered

      assertThat(result(p.read().orElseThrow())).contains(5015L);
      assertThat(p.closedByPeer()).isTrue();
    }
    assertThat(node.counters().framesRefused("message_too_large")).isEqualTo(before + 1);
  }

  @Test
  void should_answer_5011_and_close_when_the_version_is_2() throws IOException {
    byte[] bir = DiameterWire.encode(bir(List.of()));
    bir[0] = 2;
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(bir);

      assertThat(result(p.read().orElseThrow())).contains(5011L);
      assertThat(p.closedByPeer()).isTrue();
    }
  }

  @Test
  void should_answer_3001_with_the_e_bit_and_keep_serving_when_the_command_is_unknown()
      throws IOException {
    long before = node.counters().requestsRefused(3001);
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(DiameterWire.encode(withHeader(bir(List.of()), 9999, ZN.authApplicationId(), 0)));
      DiameterMessage refused = p.read().orElseThrow();
      p.write(DiameterWire.encode(bir(List.of())));
      DiameterMessage served = p.read().orElseThrow();

      assertThat(result(refused)).contains(3001L);
      assertThat(refused.error()).isTrue();
      assertThat(refused.first(BaseAvps.SESSION_ID, 0).map(Avp::utf8)).contains("naf;1;1");
      assertThat(result(served)).contains(2001L);
    }
    assertThat(node.counters().requestsRefused(3001)).isEqualTo(before + 1);
  }

  @Test
  void should_answer_3007_when_a_bir_names_application_0_or_zh() throws IOException {
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(DiameterWire.encode(withHeader(bir(List.of()), BIR, 0, 0)));
      Optional<Long> base = result(p.read().orElseThrow());
      p.write(DiameterWire.encode(withHeader(bir(List.of()), BIR, ZH_APP, 0)));
      Optional<Long> zh = result(p.read().orElseThrow());

      assertThat(base).contains(3007L);
      assertThat(zh).contains(3007L);
    }
  }

  @Test
  void should_answer_3008_when_a_request_has_the_e_bit() throws IOException {
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(DiameterWire.encode(withHeader(bir(List.of()), BIR, ZN.authApplicationId(), 1)));

      assertThat(result(p.read().orElseThrow())).contains(3008L);
    }
  }

  @Test
  void should_close_a_connection_that_sends_no_cer_within_the_cer_timeout() throws IOException {
    long before = node.counters().refusedPeers("cer_timeout");
    try (RawPeer p = new RawPeer(port)) {
      assertThat(p.closedByPeer()).isTrue(); // the CER timeout is 1 s, the read timeout 10 s
    }
    assertThat(node.counters().refusedPeers("cer_timeout")).isEqualTo(before + 1);
  }

  @Test
  void should_close_connections_beyond_the_pending_bound_and_spend_no_thread_on_them()
      throws IOException {
    int threads = ThreadCpu.count();
    long before = node.counters().refusedPeers("too_many_pending");
    List<RawPeer> silent = new ArrayList<>();
    try {
      for (int i = 0; i < MAX_PENDING; i++) {
        silent.add(new RawPeer(port));
      }
      try (RawPeer oneTooMany = new RawPeer(port)) {
        assertThat(oneTooMany.closedByPeer()).isTrue();
      }
      assertThat(ThreadCpu.count()).isLessThanOrEqualTo(threads + 1);
    } finally {
      for (RawPeer p : silent) {
        p.close();
      }
    }
    assertThat(node.counters().refusedPeers("too_many_pending")).isEqualTo(before + 1);
    assertThat(Poll.until(HostilePeerIT::admits, Duration.ofSeconds(10))).isTrue();
  }

  /**
   * A connection closed by the BSF right after its CER (here a bad frame in the same segment) must
   * not leave the peer up on the dead connection: jdiameter's FSM, run on three threads by default
   * (the node sets one), could take the close before the CER and stay OKAY, and every later CER of
   * that host was then answered 5012 on the dead connection and its own connection got nothing,
   * until the watchdog.
   */
  @Test
  void should_admit_a_peer_again_when_its_connection_was_closed_right_after_its_cer()
      throws IOException {
    byte[] cer = DiameterWire.encode(RawPeer.cer(NAF, "fuzz.test", ZN));
    byte[] cerThenBadFrame = Arrays.copyOf(cer, cer.length + 20);
    cerThenBadFrame[cer.length] = 1; // version 1, message length 0: the connection is closed
    for (int i = 0; i < 50; i++) {
      try (RawPeer p = new RawPeer(port)) {
        p.write(cerThenBadFrame);
        assertThat(p.closedAfterAtMost(1)).isTrue();
      }

      assertThat(Poll.until(HostilePeerIT::admits, Duration.ofSeconds(3)))
          .as("admitted again after close %d", i)
          .isTrue();
    }
  }

  @Test
  void should_close_a_second_connection_and_keep_serving_the_first_when_a_connected_peer_opens_one()
      throws IOException {
    long before = node.counters().refusedPeers("already_connected");
    long alive = node.counters().livenessProbes("alive");
    long silent = node.counters().livenessProbes("silent");
    try (RawPeer first = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      refusedWhileConnected();
      DiameterMessage dwr = first.read().orElseThrow();
      assertThat(dwr.commandCode()).as("the connection in service is probed").isEqualTo(280);
      first.write(DiameterWire.encode(Watchdogs.dwaTo(dwr, NAF, "fuzz.test")));
      assertThat(
              Poll.until(
                  () -> node.counters().livenessProbes("alive") == alive + 1,
                  Duration.ofSeconds(10)))
          .as("the probe found the first connection alive")
          .isTrue();

      first.write(DiameterWire.encode(bir(List.of())));

      assertThat(result(first.read().orElseThrow())).contains(2001L);
    }
    assertThat(node.counters().refusedPeers("already_connected")).isEqualTo(before + 1);
    assertThat(node.counters().livenessProbes("silent"))
        .as("nothing was closed as silent")
        .isEqualTo(silent);
  }

  @Test
  void should_close_the_connection_in_service_and_admit_the_peer_again_when_it_answers_no_dwr()
      throws IOException {
    long silent = node.counters().livenessProbes("silent");
    try (RawPeer deadHost = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      refusedWhileConnected();
      assertThat(deadHost.read().orElseThrow().commandCode()).isEqualTo(280);

      // A host that died without a FIN answers nothing: the probe closes its connection after
      // the CER timeout (1 s here), not after the watchdog (30 s, then the DWA timeout).
      assertThat(deadHost.closedAfterAtMost(0)).isTrue();
    }
    assertThat(node.counters().livenessProbes("silent")).isEqualTo(silent + 1);
    assertThat(Poll.until(HostilePeerIT::admits, Duration.ofSeconds(10)))
        .as("the peer's next connection is admitted")
        .isTrue();
  }

  @Test
  void should_count_the_probe_as_closed_when_the_connection_in_service_closes_meanwhile()
      throws IOException {
    long closed = node.counters().livenessProbes("closed");
    try (RawPeer rebooted = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      refusedWhileConnected();
      assertThat(rebooted.read().orElseThrow().commandCode()).isEqualTo(280);
    } // a rebooted host resets the old connection when our DWR reaches it

    assertThat(
            Poll.until(
                () -> node.counters().livenessProbes("closed") == closed + 1,
                Duration.ofSeconds(10)))
        .isTrue();
    assertThat(Poll.until(HostilePeerIT::admits, Duration.ofSeconds(10))).isTrue();
  }

  @Test
  void should_not_probe_the_connection_in_service_when_a_clear_newcomer_comes_from_elsewhere()
      throws IOException {
    try (RawPeer first = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      // Anyone may name an admitted peer in clear: only its own address, or TLS, may have the
      // connection in service probed (and closed if it pauses for one CER timeout).
      Socket fromElsewhere = new Socket();
      fromElsewhere.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), 0));
      fromElsewhere.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      try (RawPeer second = new RawPeer(fromElsewhere)) {
        second.write(DiameterWire.encode(RawPeer.cer(NAF, "fuzz.test", ZN)));
        assertThat(second.closedAfterAtMost(0)).isTrue();
      }

      first.write(DiameterWire.encode(bir(List.of())));

      DiameterMessage next = first.read().orElseThrow();
      assertThat(next.commandCode()).as("a BIA, no DWR before it").isEqualTo(BIR);
      assertThat(result(next)).contains(2001L);
    }
  }

  /** A second connection of {@link #NAF}, refused while its first is in service. */
  private static void refusedWhileConnected() throws IOException {
    try (RawPeer second = new RawPeer(port)) {
      second.write(DiameterWire.encode(RawPeer.cer(NAF, "fuzz.test", ZN)));

      assertThat(second.closedAfterAtMost(0)).isTrue();
    }
  }

  private static boolean admits() {
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  private static DiameterMessage bir(List<Avp> extra) {
    List<Avp> avps = new ArrayList<>();
    avps.add(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "naf;1;1"));
    avps.add(Avp.identity(BaseAvps.ORIGIN_HOST, 0, true, NAF));
    avps.add(Avp.identity(BaseAvps.ORIGIN_REALM, 0, true, "fuzz.test"));
    avps.add(Avp.identity(BaseAvps.DESTINATION_REALM, 0, true, "home1.net"));
    avps.add(BaseMessages.vendorSpecificApplicationId(ZN.vendorId(), ZN.authApplicationId()));
    avps.addAll(extra);
    return new DiameterMessage(BIR, ZN.authApplicationId(), true, true, false, false, 7, 8, avps);
  }

  private static DiameterMessage withHeader(
      DiameterMessage m, int command, long app, int errorBit) {
    return new DiameterMessage(
        command, app, true, true, errorBit == 1, false, m.hopByHop(), m.endToEnd(), m.avps());
  }

  private static Optional<Long> result(DiameterMessage answer) {
    return BaseMessages.resultCode(answer).map(r -> r.code());
  }
}
