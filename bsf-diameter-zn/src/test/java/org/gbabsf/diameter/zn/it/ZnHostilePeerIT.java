package org.gbabsf.diameter.zn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.store.InMemorySessionStore;
import org.gbabsf.core.testing.Fixtures;
import org.gbabsf.core.testing.Ports;
import org.gbabsf.core.zn.KeyService;
import org.gbabsf.core.zn.NafDirectory;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.diameter.Avp;
import org.gbabsf.diameter.DiameterMessage;
import org.gbabsf.diameter.DiameterNode;
import org.gbabsf.diameter.DiameterNodeConfig.AppId;
import org.gbabsf.diameter.DiameterWire;
import org.gbabsf.diameter.base.BaseAvps;
import org.gbabsf.diameter.base.BaseMessages;
import org.gbabsf.diameter.testing.RawPeer;
import org.gbabsf.diameter.testing.TestNodes;
import org.gbabsf.diameter.testing.ThreadCpu;
import org.gbabsf.diameter.zn.NafAdmission;
import org.gbabsf.diameter.zn.ZnCodec;
import org.gbabsf.diameter.zn.ZnHandler;
import org.gbabsf.diameter.zn.avp.ZnAvps;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Zn reproducers of the hostile-peer issue, as raw bytes over a socket against a node with the
 * real Zn handler and a live session: an admitted NAF ({@code naf.fuzz.test}) gets no key for
 * another NAF's NAF_Id nor for a request that is no BIR, and each malformed BIR gets its RFC 6733
 * answer. After each, no thread of the node is busy.
 */
class ZnHostilePeerIT {

  private static final AppId ZN = new AppId(BaseAvps.VENDOR_3GPP, ZnAvps.APPLICATION_ID);
  private static final String NAF = "naf.fuzz.test";
  private static final SecurityAssociation SESSION =
      Fixtures.session("user1@home1.net", java.time.Instant.now(), Duration.ofHours(1));
  private static DiameterNode node;
  private static int port;

  @BeforeAll
  static void start() {
    InMemorySessionStore sessions = new InMemorySessionStore(10, Clock.systemUTC());
    sessions.put(SESSION).toCompletableFuture().join();
    port = Ports.free();
    NafDirectory groups = NafDirectory.byIdentity(Map.of(NAF, "g0"));
    node =
        DiameterNode.start(
            TestNodes.bsf(port, ZN, NafAdmission.of(groups)),
            Map.of(
                new DiameterNode.Serves(ZN, ZnAvps.BOOTSTRAPPING_INFO),
                new ZnHandler(
                    new KeyService(sessions, Clock.systemUTC(), Duration.ofSeconds(1)),
                    groups,
                    "bsf.home1.net",
                    "home1.net",
                    new SimpleMeterRegistry())));
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
  void should_give_the_key_when_a_bir_names_the_nafs_own_fqdn() throws IOException {
    assertThat(ask(bir(NAF, List.of()))).hasValueSatisfying(a -> assertThat(a).isEqualTo(2001L));
  }

  @Test
  void should_answer_5402_without_a_key_when_a_bir_names_another_nafs_fqdn() throws IOException {
    DiameterMessage answer = exchange(bir("other-naf.example.org", List.of()));

    assertThat(answer.first(ZnAvps.ME_KEY_MATERIAL, BaseAvps.VENDOR_3GPP)).isEmpty();
    assertThat(ZnCodec.decodeBia(answer)).isEqualTo(new ZnCodec.BiaResult.Refused(5402));
  }

  @Test
  void should_answer_3001_without_a_key_when_the_command_is_9999() throws IOException {
    DiameterMessage m = bir(NAF, List.of());
    DiameterMessage answer =
        exchange(
            new DiameterMessage(9999, m.applicationId(), true, true, false, false, 5, 6, m.avps()));

    assertThat(answer.first(ZnAvps.ME_KEY_MATERIAL, BaseAvps.VENDOR_3GPP)).isEmpty();
    assertThat(BaseMessages.resultCode(answer).map(r -> r.code())).contains(3001L);
  }

  @Test
  void should_answer_5001_naming_the_avp_when_an_unknown_one_has_the_m_bit() throws IOException {
    Avp unknown = Avp.utf8(9999, 0, true, "x");

    DiameterMessage answer = exchange(bir(NAF, List.of(unknown)));

    assertThat(BaseMessages.resultCode(answer).map(r -> r.code())).contains(5001L);
    assertThat(answer.first(BaseAvps.FAILED_AVP, 0)).isPresent();
  }

  @Test
  void should_answer_5009_when_the_transaction_identifier_occurs_twice() throws IOException {
    Avp second =
        Avp.octets(
            ZnAvps.TRANSACTION_IDENTIFIER,
            BaseAvps.VENDOR_3GPP,
            true,
            SESSION.btid().value().getBytes(java.nio.charset.StandardCharsets.UTF_8));

    assertThat(ask(bir(NAF, List.of(second)))).contains(5009L);
  }

  @Test
  void should_answer_5009_when_the_session_id_occurs_twice() throws IOException {
    assertThat(ask(bir(NAF, List.of(Avp.utf8(BaseAvps.SESSION_ID, 0, true, "x;2;2")))))
        .contains(5009L);
  }

  @Test
  void should_answer_5004_when_the_session_id_is_empty() throws IOException {
    DiameterMessage m = bir(NAF, List.of());
    List<Avp> avps = new ArrayList<>(m.avps());
    avps.set(0, Avp.utf8(BaseAvps.SESSION_ID, 0, true, ""));

    assertThat(
            ask(
                new DiameterMessage(
                    m.commandCode(), m.applicationId(), true, true, false, false, 5, 6, avps)))
        .contains(5004L);
  }

  private static Optional<Long> ask(DiameterMessage bir) throws IOException {
    DiameterMessage answer = exchange(bir);
    return BaseMessages.resultCode(answer)
        .map(r -> r.code())
        .or(
            () ->
                ZnCodec.decodeBia(answer) instanceof ZnCodec.BiaResult.Refused r
                    ? Optional.of(r.code())
                    : Optional.empty());
  }

  private static DiameterMessage exchange(DiameterMessage request) throws IOException {
    try (RawPeer p = RawPeer.admitted(port, NAF, "fuzz.test", ZN)) {
      p.write(DiameterWire.encode(request));
      return p.read().orElseThrow(() -> new IOException("no answer"));
    }
  }

  private static DiameterMessage bir(String fqdn, List<Avp> extra) {
    DiameterMessage m =
        ZnCodec.encodeBir(
            new ZnCodec.Bir(
                NAF + ";1;1",
                NAF,
                "fuzz.test",
                "home1.net",
                SESSION.btid(),
                new NafId(fqdn, Hex.decode("0100000002")),
                List.of(),
                false));
    List<Avp> avps = new ArrayList<>(m.avps());
    avps.addAll(extra);
    return new DiameterMessage(
        m.commandCode(), m.applicationId(), true, true, false, false, 5, 6, avps);
  }
}
