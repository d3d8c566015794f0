package org.gbabsf.store.cassandra;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AkmaContext;
import org.gbabsf.core.akma.AkmaContextStore;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.Impi;
import org.gbabsf.core.domain.PendingChallenge;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.domain.Tmpi;
import org.gbabsf.core.port.ChallengeStore;
import org.gbabsf.core.port.SessionStore;
import org.gbabsf.core.port.StoreException;
import org.gbabsf.core.port.TmpiStore;

/**
 * The stores of a {@link CassandraConnector}: each operation goes to the connected Cassandra store,
 * or fails at once with {@code StoreException("cassandra not connected")} before the connection
 * exists. Nothing waits and nothing queues.
 */
final class ConnectingStores {

  private ConnectingStores() {}

  static final String NOT_CONNECTED = "cassandra not connected";

  private static <T> CompletionStage<T> notConnected() {
    return CompletableFuture.failedFuture(new StoreException(NOT_CONNECTED));
  }

  /** Challenges. */
  static final class Challenges implements ChallengeStore {
    private final Supplier<CassandraStores> stores;

    Challenges(Supplier<CassandraStores> stores) {
      this.stores = stores;
    }

    @Override
    public CompletionStage<Void> put(PendingChallenge challenge, Duration validity) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.challengeStore().put(challenge, validity);
    }

    @Override
    public CompletionStage<Optional<PendingChallenge>> take(Rand rand) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.challengeStore().take(rand);
    }

    @Override
    public CompletionStage<Void> discard(Rand rand) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.challengeStore().discard(rand);
    }
  }

  /** Sessions. */
  static final class Sessions implements SessionStore {
    private final Supplier<CassandraStores> stores;

    Sessions(Supplier<CassandraStores> stores) {
      this.stores = stores;
    }

    @Override
    public CompletionStage<Void> put(SecurityAssociation session) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.sessionStore().put(session);
    }

    @Override
    public CompletionStage<Optional<SecurityAssociation>> find(BTid btid) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.sessionStore().find(btid);
    }

    @Override
    public boolean accepting() {
      return stores.get() != null;
    }
  }

  /** AKMA contexts. */
  static final class AkmaContexts implements AkmaContextStore {
    private final Supplier<CassandraStores> stores;

    AkmaContexts(Supplier<CassandraStores> stores) {
      this.stores = stores;
    }

    @Override
    public CompletionStage<Registration> register(AkmaContext context) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.akmaContexts().register(context);
    }

    @Override
    public CompletionStage<Optional<AkmaContext>> find(AKid aKid) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.akmaContexts().find(aKid);
    }

    @Override
    public CompletionStage<Boolean> remove(Supi supi) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.akmaContexts().remove(supi);
    }
  }

  /** TMPI → IMPI mappings. */
  static final class Tmpis implements TmpiStore {
    private final Supplier<CassandraStores> stores;

    Tmpis(Supplier<CassandraStores> stores) {
      this.stores = stores;
    }

    @Override
    public CompletionStage<Void> put(Tmpi tmpi, Impi impi, Instant expiresAt) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.tmpiStore().put(tmpi, impi, expiresAt);
    }

    @Override
    public CompletionStage<Optional<Impi>> find(Tmpi tmpi) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.tmpiStore().find(tmpi);
    }

    @Override
    public CompletionStage<Void> remove(Tmpi tmpi) {
      CassandraStores s = stores.get();
      return s == null ? notConnected() : s.tmpiStore().remove(tmpi);
    }
  }
}
