package org.gbabsf.sba.sim;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.gbabsf.sba.json.SbiJson;

/**
 * The token side of an NRF for the demo, tests and load (TS 33.501 §13.4.1.1): an EC P-256 key pair
 * made at start, its public key written as PEM for {@code nbsp.oauth2.nrf-keys}, and access tokens
 * (compact JWS, ES256, RFC 7515/7518 §3.4) with the claims of TS 29.510 AccessTokenClaims. {@link
 * NrfSimulator} serves them at an NRF's token endpoint, with registration and discovery.
 */
public final class SimulatedNrf {

  /** The simulated NRF's instance id ({@code iss}). */
  public final String instanceId = UUID.randomUUID().toString();

  private final KeyPair keys;
  private final Clock clock;

  /** A new NRF key pair. */
  public SimulatedNrf(Clock clock) {
    this.clock = clock;
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec("secp256r1"));
      this.keys = g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("the JDK has no P-256", e);
    }
  }

  /** The public key that verifies its tokens. */
  public java.security.PublicKey publicKey() {
    return keys.getPublic();
  }

  /** Writes the public key (SubjectPublicKeyInfo PEM, RFC 7468 §13) to {@code file}. */
  public Path writePublicKey(Path file) throws IOException {
    String pem =
        "-----BEGIN PUBLIC KEY-----\n"
            + Base64.getMimeEncoder(64, new byte[] {'\n'})
                .encodeToString(keys.getPublic().getEncoded())
            + "\n-----END PUBLIC KEY-----\n";
    Files.writeString(file, pem, StandardCharsets.US_ASCII);
    return file;
  }

  /**
   * A token for NF instance {@code subject} to call {@code audience} (an NF instance id or NF type)
   * with {@code scope}, valid for {@code lifetime}.
   */
  public String token(String subject, String audience, String scope, Duration lifetime) {
    long now = clock.instant().getEpochSecond();
    ObjectNode header = SbiJson.object().put("alg", "ES256").put("typ", "JWT");
    ObjectNode claims =
        SbiJson.object()
            .put("iss", instanceId)
            .put("sub", subject)
            .put("aud", audience)
            .put("scope", scope)
            .put("iat", now)
            .put("exp", now + lifetime.toSeconds());
    String input = b64(SbiJson.bytes(header)) + "." + b64(SbiJson.bytes(claims));
    try {
      Signature s = Signature.getInstance("SHA256withECDSAinP1363Format");
      s.initSign(keys.getPrivate());
      s.update(input.getBytes(StandardCharsets.US_ASCII));
      return input + "." + b64(s.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("ES256 signing failed", e);
    }
  }

  private static String b64(byte[] b) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }
}
