package org.gbabsf.core.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.testing.Fixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The contract of {@link SessionStore}, run against every implementation. */
public abstract class SessionStoreContract {

  private SessionStore store;

  /** A fresh, empty store. */
  protected abstract SessionStore newStore();

  /** Lets at least {@code d} pass as far as the store's expiry is concerned. */
  protected abstract void elapse(Duration d);

  /** The time the store considers "now". */
  protected abstract Instant now();

  @BeforeEach
  void createStore() {
    store = newStore();
  }

  private <T> T await(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(10, TimeUnit.SECONDS);
  }

  @Test
  void should_find_every_field_when_session_was_put() throws Exception {
    SecurityAssociation s = Fixtures.session("alice@home1.net", now(), Duration.ofHours(1));
    await(store.put(s));

    SecurityAssociation found = await(store.find(s.btid())).orElseThrow();

    assertThat(found.btid()).isEqualTo(s.btid());
    assertThat(found.impi()).isEqualTo(s.impi());
    assertThat(found.ks()).isEqualTo(s.ks());
    assertThat(found.rand()).isEqualTo(s.rand());
    assertThat(found.createdAt()).isEqualTo(s.createdAt());
    assertThat(found.expiresAt()).isEqualTo(s.expiresAt());
    assertThat(found.gbaType()).isEqualTo(s.gbaType());
    assertThat(found.guss()).isEqualTo(s.guss());
  }

  @Test
  void should_find_the_session_again_when_read_twice() throws Exception {
    SecurityAssociation s = Fixtures.session("bob@home1.net", now(), Duration.ofHours(1));
    await(store.put(s));

    assertThat(await(store.find(s.btid()))).isPresent();
    assertThat(await(store.find(s.btid()))).isPresent();
  }

  @Test
  void should_return_empty_when_btid_is_unknown() throws Exception {
    assertThat(await(store.find(new BTid("AAAAAAAAAAAAAAAAAAAAAA==@bsf.home1.net")))).isEmpty();
  }

  @Test
  void should_return_empty_when_session_has_expired() throws Exception {
    SecurityAssociation s = Fixtures.session("carol@home1.net", now(), Duration.ofSeconds(1));
    await(store.put(s));

    elapse(Duration.ofMillis(2500));

    assertThat(await(store.find(s.btid()))).isEmpty();
  }

  @Test
  void should_keep_a_large_guss_intact_when_stored() throws Exception {
    SecurityAssociation base = Fixtures.session("dave@home1.net", now(), Duration.ofHours(1));
    SecurityAssociation s =
        new SecurityAssociation(
            base.btid(),
            base.impi(),
            base.ks(),
            base.rand(),
            base.createdAt(),
            base.expiresAt(),
            Fixtures.guss(300, Duration.ofHours(1)),
            base.gbaType());
    await(store.put(s));

    assertThat(await(store.find(s.btid())).orElseThrow().guss()).isEqualTo(s.guss());
  }
}
