package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.await;
import static org.gbabsf.server.TestBsf.send;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.gbabsf.cassandra.local.ClientTls;
import org.gbabsf.cassandra.local.LocalCassandraCluster;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.domain.SecurityAssociation;
import org.gbabsf.core.testing.Poll;
import org.gbabsf.http.client.GbaUe;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.security.testing.TestPki;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cassandra as an operator should run it for the BSF: CQL over TLS only, client certificates
 * required, PasswordAuthenticator. The BSF connects with mutual TLS, the password from a file and
 * hostname verification, and bootstraps through it; a node it must not trust (another CA, a
 * certificate that does not name the address) stays down on {@code /ready} with the TLS reason,
 * counted in {@code bsf.tls.handshake.failures{interface="cassandra"}}; hostname verification off
 * trusts the chain only, not any chain; a BSF without a client certificate is refused by the node;
 * and a BSF without TLS never talks to the node in clear.
 *
 * <p>Two nodes of their own, started together: 127.0.0.7, whose certificate names its IP, and
 * 127.0.0.8, whose certificate only names {@code cassandra.bsf.test}. Both from the same test CA.
 */
class CassandraTlsIT {

  private static final String NAMED = "127.0.0.7";
  private static final String UNNAMED = "127.0.0.8";
  private static final String KEYSPACE = "bsf_tls_it";

  @TempDir static Path dir;
  private static TestPki pki;
  private static TestPki otherCa;
  private static TestPki.Issued bsfClient;
  private static Path passwordFile;
  private static LocalCassandraCluster named;
  private static LocalCassandraCluster unnamed;

  private final TestBsf bsfs = new TestBsf();

  @BeforeAll
  static void start() throws Exception {
    pki = TestPki.create(dir.resolve("pki"), "Cassandra Test CA");
    otherCa = TestPki.create(dir.resolve("other"), "Some Other CA");
    bsfClient = pki.leaf("bsf-client").dns("bsf.home1.net").issue();
    passwordFile = Files.writeString(dir.resolve("cassandra-password"), "cassandra\n");
    Path trust = pki.trustPkcs12(dir.resolve("clients-trust.p12"), "trust-secret");
    Path namedStore =
        pki.leaf("cassandra-7").ip(NAMED).issue().pkcs12(dir.resolve("node-7.p12"), "node-secret");
    Path unnamedStore =
        pki.leaf("cassandra-8")
            .dns("cassandra.bsf.test")
            .issue()
            .pkcs12(dir.resolve("node-8.p12"), "node-secret");
    Path base = Path.of("target", "cassandra", "tls");
    CompletableFuture<LocalCassandraCluster> first =
        CompletableFuture.supplyAsync(
            () -> start(LocalCassandraCluster.singleNode(base, NAMED, 768), namedStore, trust));
    CompletableFuture<LocalCassandraCluster> second =
        CompletableFuture.supplyAsync(
            () -> start(LocalCassandraCluster.singleNode(base, UNNAMED, 768), unnamedStore, trust));
    try {
      named = first.join();
    } finally {
      unnamed = second.join();
    }
  }

  private static LocalCassandraCluster start(
      LocalCassandraCluster cluster, Path keystore, Path truststore) {
    try {
      return cluster
          .withPasswordAuth()
          .withClientTls(ClientTls.mutual(keystore, "node-secret", truststore, "trust-secret"))
          .start();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @AfterAll
  static void stopNodes() {
    if (named != null) {
      named.close();
    }
    if (unnamed != null) {
      unnamed.close();
    }
  }

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  /**
   * A BSF on {@code cluster} over mutual TLS trusting {@code ca}, user {@code cassandra} with its
   * password from a file, hostname verification on.
   */
  private static Map<String, String> overTls(LocalCassandraCluster cluster, Path ca) {
    Map<String, String> s = TestBsf.onCassandra(cluster.endpoint(), KEYSPACE, "cassandra");
    s.put("cassandra.username", "cassandra");
    s.put("cassandra.password-file", passwordFile.toString());
    s.put("cassandra.tls.enabled", "true");
    s.put("cassandra.tls.trust", ca.toString());
    s.put("cassandra.tls.certificate", bsfClient.certificate().toString());
    s.put("cassandra.tls.private-key", bsfClient.privateKey().toString());
    s.put("cassandra.tls.hostname-verification", "true");
    return s;
  }

  private static HttpResponse<String> ready(BsfContext bsf) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + bsf.adminAddress().getPort() + "/ready"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private static double handshakeFailures(BsfContext bsf, String reason) {
    return bsf.meterRegistry()
        .get("bsf.tls.handshake.failures")
        .tag("interface", "cassandra")
        .tag("reason", reason)
        .counter()
        .count();
  }

  private static double connectFailures(BsfContext bsf) {
    return bsf.meterRegistry()
        .get("bsf.store.cassandra.connect_failures")
        .functionCounter()
        .count();
  }

  /** A full bootstrap through {@code bsf}; the session it stored, read back from Cassandra. */
  private SecurityAssociation bootstrapAndReadBack(BsfContext bsf, int subscriber)
      throws Exception {
    GbaUe.Result result =
        await(new GbaUe(bsfs.client(bsf), TestBsf.ue(subscriber), REALM, "/").bootstrap());
    assertThat(result).isInstanceOf(GbaUe.Result.Bootstrapped.class);
    GbaUe.Result.Bootstrapped ue = (GbaUe.Result.Bootstrapped) result;
    Optional<SecurityAssociation> stored = await(bsf.sessionStore().find(new BTid(ue.btid())));
    assertThat(stored).isPresent();
    assertThat(stored.get().ks()).isEqualTo(ue.ks());
    return stored.get();
  }

  /**
   * Waits until {@code bsf} has failed to connect at least twice (the first attempt is made before
   * {@link TestBsf#start} returns, the second after the connector's backoff): by then a BSF that
   * were going to connect would have.
   */
  private static void awaitSecondFailedAttempt(BsfContext bsf) {
    assertThat(Poll.until(() -> connectFailures(bsf) >= 2, Duration.ofSeconds(20)))
        .as("a second failed attempt")
        .isTrue();
  }

  /** The BSF is not ready, because of Cassandra, and Ub turns UEs away with 503. */
  private String assertDownAndRefusingUes(BsfContext bsf, int subscriber) throws Exception {
    HttpResponse<String> ready = ready(bsf);
    UbClient.Response ub =
        send(bsfs.client(bsf), TestBsf.ue(subscriber).initialAuthorization(REALM));

    assertThat(ready.statusCode()).isEqualTo(503);
    assertThat(ready.body()).contains("cassandra: down (connecting to [/");
    assertThat(ub.status()).isEqualTo(503);
    assertThat(ub.header("Retry-After")).isEqualTo("5");
    assertThat(bsf.meterRegistry().get("bsf.store.cassandra.connected").gauge().value()).isZero();
    return ready.body();
  }

  @Test
  void should_bootstrap_and_read_the_session_back_when_cassandra_wants_mutual_tls_and_a_password()
      throws Exception {
    BsfContext bsf = bsfs.start(overTls(named, pki.caFile()));
    assertThat(Poll.until(() -> bsf.readiness().ready(), Duration.ofSeconds(30)))
        .as("connected over mutual TLS")
        .isTrue();

    SecurityAssociation session = bootstrapAndReadBack(bsf, 501);

    assertThat(session.impi().value()).isEqualTo(TestBsf.ue(501).impi());
    assertThat(ready(bsf).statusCode()).isEqualTo(200);
    assertThat(bsf.meterRegistry().get("bsf.tls.handshake.failures").counters())
        .allSatisfy(c -> assertThat(c.count()).isZero());
    assertThat(
            bsf.meterRegistry()
                .get("bsf.tls.certificate.expiry")
                .tag("interface", "cassandra")
                .gauge()
                .value())
        .isEqualTo((double) bsfClient.cert().getNotAfter().toInstant().getEpochSecond());
  }

  @Test
  void should_stay_down_and_count_an_untrusted_node_when_its_certificate_is_from_another_ca()
      throws Exception {
    BsfContext bsf = bsfs.start(overTls(named, otherCa.caFile()));
    awaitSecondFailedAttempt(bsf);

    String ready = assertDownAndRefusingUes(bsf, 502);

    assertThat(ready).contains("/127.0.0.7:9042: TLS handshake failed: PKIX path building failed");
    assertThat(handshakeFailures(bsf, "untrusted")).isGreaterThanOrEqualTo(2.0);
  }

  @Test
  void should_refuse_the_node_when_its_certificate_does_not_name_the_address_it_is_reached_at()
      throws Exception {
    BsfContext bsf = bsfs.start(overTls(unnamed, pki.caFile()));
    awaitSecondFailedAttempt(bsf);

    String ready = assertDownAndRefusingUes(bsf, 503);

    assertThat(ready)
        .contains(
            "TLS handshake failed: No subject alternative names matching IP address "
                + UNNAMED
                + " found");
    assertThat(handshakeFailures(bsf, "name_mismatch")).isGreaterThanOrEqualTo(2.0);
    assertThat(handshakeFailures(bsf, "untrusted")).isZero();
  }

  @Test
  void should_connect_when_the_certificate_does_not_name_the_address_and_verification_is_off()
      throws Exception {
    Map<String, String> settings = overTls(unnamed, pki.caFile());
    settings.put("cassandra.tls.hostname-verification", "false");
    BsfContext bsf = bsfs.start(settings);

    boolean connected = Poll.until(() -> bsf.readiness().ready(), Duration.ofSeconds(30));

    assertThat(connected).as("connected, trusting the chain only").isTrue();
    bootstrapAndReadBack(bsf, 504);
    assertThat(handshakeFailures(bsf, "name_mismatch")).isZero();
  }

  @Test
  void should_still_refuse_a_node_from_another_ca_when_hostname_verification_is_off()
      throws Exception {
    Map<String, String> settings = overTls(unnamed, otherCa.caFile());
    settings.put("cassandra.tls.hostname-verification", "false");
    BsfContext bsf = bsfs.start(settings);
    awaitSecondFailedAttempt(bsf);

    String ready = assertDownAndRefusingUes(bsf, 507);

    assertThat(ready).contains("TLS handshake failed: PKIX path building failed");
    assertThat(handshakeFailures(bsf, "untrusted")).isGreaterThanOrEqualTo(2.0);
  }

  @Test
  void should_never_connect_in_clear_when_the_bsf_has_no_tls_and_the_node_wants_it()
      throws Exception {
    Map<String, String> settings = overTls(named, pki.caFile());
    settings.put("cassandra.tls.enabled", "false");
    BsfContext bsf = bsfs.start(settings);
    awaitSecondFailedAttempt(bsf);

    String ready = assertDownAndRefusingUes(bsf, 505);

    assertThat(ready)
        .contains("/127.0.0.7:9042: Protocol initialization request, step 1 (OPTIONS)")
        .doesNotContain("TLS handshake");
    assertThat(bsf.cassandra()).isEmpty();
  }

  @Test
  void should_stay_down_when_the_node_wants_a_client_certificate_and_the_bsf_has_none()
      throws Exception {
    Map<String, String> settings = overTls(named, pki.caFile());
    settings.remove("cassandra.tls.certificate");
    settings.remove("cassandra.tls.private-key");
    BsfContext bsf = bsfs.start(settings);
    awaitSecondFailedAttempt(bsf);

    String ready = assertDownAndRefusingUes(bsf, 506);

    assertThat(ready).contains("TLS handshake failed: Received fatal alert: certificate_required");
    assertThat(handshakeFailures(bsf, "untrusted")).isZero();
  }
}
