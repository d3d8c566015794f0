package org.gbabsf.core.port;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.SimulatedUsim;
import org.gbabsf.core.sim.SimulatedUsim.AkaResult;
import org.junit.jupiter.api.Test;

/**
 * What every {@link HssClient} must do, whatever the protocol behind it (Zh, N65, N68, in-process):
 * a vector the subscriber's USIM accepts, with the user's GUSS; an unknown user as such; a
 * resynchronisation that a valid AUTS makes succeed and a forged one refused. Each implementation
 * extends this suite with its HSS in front of {@link #subscribers()}, whose GUSS has the lifetime
 * {@link #GUSS_LIFETIME} and one USS.
 */
public abstract class HssClientContract {

  /** The lifetime the HSS behind the client puts in every GUSS. */
  protected static final Duration GUSS_LIFETIME = Duration.ofMinutes(30);

  /** The subscribers the HSS behind the client knows. */
  protected abstract GeneratedSubscriberDirectory subscribers();

  /** The client under test, connected to that HSS. */
  protected abstract HssClient client();

  /** The IMPI the contract uses for user {@code n}; N68 needs IMSI-derived ones. */
  protected Impi impi(int n) {
    return subscribers().impi(n);
  }

  /** An IMPI the HSS does not know, in the form the client accepts. */
  protected Impi stranger() {
    return new Impi("stranger@home1.net");
  }

  protected SimulatedUsim usim(Impi impi) {
    return new SimulatedUsim(GeneratedSubscriberDirectory.derive(impi));
  }

  protected static HssAnswer await(java.util.concurrent.CompletionStage<HssAnswer> s)
      throws Exception {
    return s.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void should_give_a_vector_the_usim_accepts_with_the_guss_when_the_user_is_known()
      throws Exception {
    Impi impi = impi(11);

    HssAnswer answer = await(client().fetchVector(impi));

    assertThat(answer).isInstanceOf(HssAnswer.Vector.class);
    HssAnswer.Vector v = (HssAnswer.Vector) answer;
    AkaResult aka = usim(impi).authenticate(v.vector().rand().octets(), v.vector().autn());
    assertThat(aka).isInstanceOf(AkaResult.Success.class);
    AkaResult.Success ok = (AkaResult.Success) aka;
    assertThat(ok.res()).isEqualTo(v.vector().xres());
    assertThat(ok.ck()).isEqualTo(v.vector().ck());
    assertThat(ok.ik()).isEqualTo(v.vector().ik());
    assertThat(v.guss().lifetime()).contains(GUSS_LIFETIME);
    assertThat(v.guss().ussList()).hasSize(1);
  }

  @Test
  void should_give_fresh_vectors_when_asked_twice() throws Exception {
    Impi impi = impi(12);
    SimulatedUsim usim = usim(impi);

    HssAnswer.Vector first = (HssAnswer.Vector) await(client().fetchVector(impi));
    HssAnswer.Vector second = (HssAnswer.Vector) await(client().fetchVector(impi));

    assertThat(second.vector().rand()).isNotEqualTo(first.vector().rand());
    assertThat(usim.authenticate(first.vector().rand().octets(), first.vector().autn()))
        .isInstanceOf(AkaResult.Success.class);
    assertThat(usim.authenticate(second.vector().rand().octets(), second.vector().autn()))
        .isInstanceOf(AkaResult.Success.class);
  }

  @Test
  void should_say_user_unknown_when_the_hss_does_not_know_the_impi() throws Exception {
    assertThat(await(client().fetchVector(stranger()))).isInstanceOf(HssAnswer.UserUnknown.class);
  }

  @Test
  void should_resynchronise_when_the_usim_sends_a_valid_auts() throws Exception {
    Impi impi = impi(13);
    SimulatedUsim usim = usim(impi);
    usim.desynchronise(1L << 31);
    HssAnswer.Vector stale = (HssAnswer.Vector) await(client().fetchVector(impi));
    AkaResult refused = usim.authenticate(stale.vector().rand().octets(), stale.vector().autn());
    assertThat(refused).isInstanceOf(AkaResult.SyncFailure.class);

    HssAnswer fresh =
        await(
            client()
                .resynchronise(
                    impi, stale.vector().rand(), ((AkaResult.SyncFailure) refused).auts()));

    assertThat(fresh).isInstanceOf(HssAnswer.Vector.class);
    HssAnswer.Vector v = (HssAnswer.Vector) fresh;
    assertThat(usim.authenticate(v.vector().rand().octets(), v.vector().autn()))
        .isInstanceOf(AkaResult.Success.class);
  }

  @Test
  void should_refuse_when_the_auts_does_not_verify() throws Exception {
    Impi impi = impi(14);
    HssAnswer.Vector v = (HssAnswer.Vector) await(client().fetchVector(impi));
    byte[] forged = new byte[14];
    new SecureRandom().nextBytes(forged);

    HssAnswer answer = await(client().resynchronise(impi, v.vector().rand(), forged));

    assertThat(answer).isInstanceOf(HssAnswer.Refused.class);
  }
}
