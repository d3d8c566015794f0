package org.gbabsf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.port.HssAnswer;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
import org.junit.jupiter.api.Test;

class SimulatedHssTest {

  private final GeneratedSubscriberDirectory directory =
      new GeneratedSubscriberDirectory(10, "home1.net");
  private final SimulatedHss hss =
      new SimulatedHss(directory, new SimulatedGuss(Duration.ofHours(1)), Duration.ZERO);
  private final Impi impi = directory.impi(3);
  private final SimulatedUsim usim = new SimulatedUsim(directory.find(impi).orElseThrow());

  private HssAnswer.Vector fetch() throws Exception {
    return (HssAnswer.Vector) hss.fetchVector(impi).toCompletableFuture().get();
  }

  private AkaResult run(HssAnswer.Vector v) {
    return usim.authenticate(v.vector().rand().octets(), v.vector().autn());
  }

  @Test
  void should_issue_vectors_the_usim_accepts_with_matching_keys_when_sqn_advances()
      throws Exception {
    HssAnswer.Vector first = fetch();
    HssAnswer.Vector second = fetch();

    AkaResult a = run(first);
    AkaResult b = run(second);

    assertThat(a).isInstanceOf(AkaResult.Success.class);
    assertThat(b).isInstanceOf(AkaResult.Success.class);
    AkaResult.Success ok = (AkaResult.Success) b;
    assertThat(ok.res()).isEqualTo(second.vector().xres());
    assertThat(ok.ck()).isEqualTo(second.vector().ck());
    assertThat(ok.ik()).isEqualTo(second.vector().ik());
    assertThat(hss.currentSqn(impi)).contains(2 * SimulatedHss.SQN_STEP);
  }

  @Test
  void should_reject_a_replayed_vector_as_sync_failure_when_usim_already_used_it()
      throws Exception {
    HssAnswer.Vector v = fetch();
    run(v);

    assertThat(run(v)).isInstanceOf(AkaResult.SyncFailure.class);
  }

  @Test
  void should_set_sqn_from_auts_and_issue_a_fresh_vector_when_resynchronising() throws Exception {
    usim.desynchronise(640_000);
    HssAnswer.Vector stale = fetch();
    AkaResult.SyncFailure sync = (AkaResult.SyncFailure) run(stale);

    HssAnswer answer =
        hss.resynchronise(impi, stale.vector().rand(), sync.auts()).toCompletableFuture().get();

    assertThat(answer).isInstanceOf(HssAnswer.Vector.class);
    assertThat(hss.currentSqn(impi)).contains(640_000 + SimulatedHss.SQN_STEP);
    assertThat(run((HssAnswer.Vector) answer)).isInstanceOf(AkaResult.Success.class);
  }

  @Test
  void should_refuse_resync_when_auts_mac_is_wrong() throws Exception {
    usim.desynchronise(640_000);
    HssAnswer.Vector stale = fetch();
    byte[] auts = ((AkaResult.SyncFailure) run(stale)).auts();
    auts[13] ^= 1;

    HssAnswer answer =
        hss.resynchronise(impi, stale.vector().rand(), auts).toCompletableFuture().get();

    assertThat(answer).isInstanceOf(HssAnswer.Refused.class);
  }

  @Test
  void should_detect_a_forged_autn_when_mac_a_is_wrong() throws Exception {
    HssAnswer.Vector v = fetch();
    byte[] autn = v.vector().autn();
    autn[15] ^= 1;

    assertThat(usim.authenticate(v.vector().rand().octets(), autn))
        .isInstanceOf(AkaResult.MacFailure.class);
  }

  @Test
  void should_answer_user_unknown_when_impi_is_not_provisioned() throws Exception {
    assertThat(hss.fetchVector(new Impi("x@home1.net")).toCompletableFuture().get())
        .isInstanceOf(HssAnswer.UserUnknown.class);
  }

  @Test
  void should_carry_the_configured_lifetime_in_the_guss_when_answering() throws Exception {
    HssAnswer.Vector v = fetch();

    assertThat(v.guss().lifetime()).contains(Duration.ofHours(1));
    assertThat(v.guss().rawXml()).contains("<lifeTime>3600</lifeTime>");
    assertThat(Arrays.asList(v.guss().ussList().get(0).uids())).isNotEmpty();
  }
}
