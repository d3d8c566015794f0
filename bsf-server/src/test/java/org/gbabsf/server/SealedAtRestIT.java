package org.gbabsf.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gbabsf.server.TestBsf.REALM;
import static org.gbabsf.server.TestBsf.send;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.gbabsf.cassandra.local.CassandraEndpoint;
import org.gbabsf.cassandra.local.CassandraExtension;
import org.gbabsf.core.crypto.Milenage;
import org.gbabsf.core.sim.GeneratedSubscriberDirectory;
import org.gbabsf.core.sim.Subscriber;
import org.gbabsf.http.client.UbClient;
import org.gbabsf.http.client.UeAuthenticator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What an operator's security review reads: after real bootstraps and an unanswered challenge,
 * every column of every table of the keyspace, read over CQL, holds no CK, IK, Ks, RES or XRES, in
 * any form (raw octets, hexadecimal in either case, base64 with or without padding, URL-safe).
 */
@ExtendWith(CassandraExtension.class)
class SealedAtRestIT {

  private final TestBsf bsfs = new TestBsf();

  @AfterEach
  void stop() throws Exception {
    bsfs.close();
  }

  /** RES, CK, IK and Ks of the vector behind {@code rand}, as the subscriber's USIM holds them. */
  private static List<byte[]> secrets(int subscriber, byte[] rand) {
    GeneratedSubscriberDirectory dir = new GeneratedSubscriberDirectory(1000, "home1.net");
    Subscriber s = dir.find(dir.impi(subscriber)).orElseThrow();
    Milenage.Vector v = new Milenage(s.k(), s.opc()).f2345(rand);
    byte[] ks = new byte[32];
    System.arraycopy(v.ck(), 0, ks, 0, 16);
    System.arraycopy(v.ik(), 0, ks, 16, 16);
    return List.of(v.res(), v.ck(), v.ik(), ks);
  }

  /** Every form in which {@code secret} could be written: raw, hex, base64 variants. */
  private static List<byte[]> forms(byte[] secret) {
    List<byte[]> out = new ArrayList<>();
    out.add(secret);
    String hex = HexFormat.of().formatHex(secret);
    for (String text :
        List.of(
            hex,
            hex.toUpperCase(java.util.Locale.ROOT),
            Base64.getEncoder().encodeToString(secret),
            Base64.getEncoder().withoutPadding().encodeToString(secret),
            Base64.getUrlEncoder().withoutPadding().encodeToString(secret))) {
      out.add(text.getBytes(StandardCharsets.US_ASCII));
    }
    return out;
  }

  private static boolean contains(byte[] haystack, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (haystack[i + j] != needle[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  /** The columns where the keys of real bootstraps and one unanswered challenge are found. */
  private List<String> columnsHoldingKeys(
      CassandraEndpoint cassandra, String keyspace, boolean seal) throws Exception {
    Map<String, String> settings = TestBsf.onCassandra(cassandra, keyspace, "cassandra");
    settings.put("cassandra.session-by-impi", "true");
    settings.put("store.seal.enabled", Boolean.toString(seal));
    BsfContext bsf = bsfs.start(settings);
    UbClient client = bsfs.client(bsf);
    List<byte[]> secrets = new ArrayList<>();
    for (int subscriber = 201; subscriber <= 205; subscriber++) {
      UeAuthenticator ue = TestBsf.ue(subscriber);
      UbClient.Response challenge = send(client, ue.initialAuthorization(REALM));
      UeAuthenticator.Step.Respond respond =
          (UeAuthenticator.Step.Respond)
              ue.onChallenge(challenge.header("WWW-Authenticate"), "GET");
      secrets.addAll(secrets(subscriber, respond.keys().rand()));
      if (subscriber < 205) {
        assertThat(send(client, respond.authorization()).status()).isEqualTo(200);
      } // the last challenge stays unanswered, its row in pending_challenge
    }
    assertThat(secrets).hasSize(20);

    java.util.Set<String> found = new java.util.TreeSet<>();
    int cells = 0;
    int challengeRows = 0;
    try (CqlSession cql =
        CqlSession.builder()
            .addContactPoints(cassandra.contactPoints())
            .withLocalDatacenter(cassandra.localDatacenter())
            .build()) {
      for (TableMetadata table :
          cql.getMetadata().getKeyspace(keyspace).orElseThrow().getTables().values()) {
        String name = table.getName().asInternal();
        for (Row row : cql.execute("SELECT * FROM " + keyspace + "." + name)) {
          challengeRows += name.equals("pending_challenge") ? 1 : 0;
          for (ColumnDefinition column : row.getColumnDefinitions()) {
            ByteBuffer raw = row.getBytesUnsafe(column.getName());
            if (raw == null) {
              continue;
            }
            byte[] value = new byte[raw.remaining()];
            raw.duplicate().get(value);
            cells++;
            for (byte[] secret : secrets) {
              for (byte[] form : forms(secret)) {
                if (contains(value, form)) {
                  found.add(name + "." + column.getName().asInternal());
                }
              }
            }
          }
        }
      }
    }
    assertThat(challengeRows).as("the unanswered challenge is stored").isEqualTo(1);
    assertThat(cells).as("cells read").isGreaterThan(40);
    return new ArrayList<>(found);
  }

  @Test
  void should_hold_no_key_in_any_column_in_any_form_when_read_over_cql(CassandraEndpoint cassandra)
      throws Exception {
    assertThat(columnsHoldingKeys(cassandra, "bsf_sealed_it", true)).isEmpty();
  }

  /** The control: the same scan finds every key column when sealing is off. */
  @Test
  void should_find_every_key_column_when_sealing_is_off(CassandraEndpoint cassandra)
      throws Exception {
    assertThat(columnsHoldingKeys(cassandra, "bsf_clear_it", false))
        .containsExactly(
            "bootstrap_session.ks",
            "pending_challenge.ck",
            "pending_challenge.ik",
            "pending_challenge.xres");
  }
}
