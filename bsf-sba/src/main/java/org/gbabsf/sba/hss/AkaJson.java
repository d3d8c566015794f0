package org.gbabsf.sba.hss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.AuthenticationVector;
import org.gbabsf.core.domain.Rand;
import org.gbabsf.sba.json.SbiJson;

/**
 * The UMTS AKA pieces of N65 and N68 as pure functions: {@code 3GAkaAv} (TS 29.562 §6.3.6.2.x,
 * rand, xres, autn, ck, ik as hex) and {@code ResynchronizationInfo} (rand and auts).
 */
public final class AkaJson {

  private static final Pattern HEX32 = Pattern.compile("^[A-Fa-f0-9]{32}$");
  private static final Pattern XRES = Pattern.compile("^[A-Fa-f0-9]{8,32}$");

  private AkaJson() {}

  /** RAND ‖ AUTS for a resynchronisation (TS 33.102 §6.3.5). */
  public record Resync(Rand rand, byte[] auts) {
    /** Checks AUTS has 14 octets; copies it. */
    public Resync {
      if (auts.length != 14) {
        throw new IllegalArgumentException("AUTS must be 14 octets");
      }
      auts = auts.clone();
    }

    @Override
    public byte[] auts() {
      return auts.clone();
    }
  }

  /** {@code {rand, auts}} of a ResynchronizationInfo. */
  public static ObjectNode resynchronizationInfo(Resync r) {
    ObjectNode o = SbiJson.object();
    o.put("rand", Hex.encode(r.rand().octets()));
    o.put("auts", Hex.encode(r.auts()));
    return o;
  }

  /** Reads a ResynchronizationInfo; empty if malformed. */
  public static Optional<Resync> readResync(JsonNode n) {
    JsonNode rand = n.get("rand");
    JsonNode auts = n.get("auts");
    if (rand == null
        || auts == null
        || !rand.isTextual()
        || !HEX32.matcher(rand.asText()).matches()
        || !auts.isTextual()
        || !auts.asText().matches("^[A-Fa-f0-9]{28}$")) {
      return Optional.empty();
    }
    return Optional.of(new Resync(Rand.of(Hex.decode(rand.asText())), Hex.decode(auts.asText())));
  }

  /** The 3GAkaAv of {@code v}. Key material: never logged. */
  public static ObjectNode encode(AuthenticationVector v) {
    ObjectNode o = SbiJson.object();
    o.put("rand", Hex.encode(v.rand().octets()));
    o.put("xres", Hex.encode(v.xres()));
    o.put("autn", Hex.encode(v.autn()));
    o.put("ck", Hex.encode(v.ck()));
    o.put("ik", Hex.encode(v.ik()));
    return o;
  }

  /** Reads a 3GAkaAv; empty if an attribute is missing or not of its length. */
  public static Optional<AuthenticationVector> decode(JsonNode n) {
    if (n == null || !n.isObject()) {
      return Optional.empty();
    }
    Optional<byte[]> rand = hex(n, "rand", HEX32);
    Optional<byte[]> xres = hex(n, "xres", XRES);
    Optional<byte[]> autn = hex(n, "autn", HEX32);
    Optional<byte[]> ck = hex(n, "ck", HEX32);
    Optional<byte[]> ik = hex(n, "ik", HEX32);
    if (rand.isEmpty() || xres.isEmpty() || autn.isEmpty() || ck.isEmpty() || ik.isEmpty()) {
      return Optional.empty();
    }
    if (xres.get().length < 4 || xres.get().length > 16) {
      return Optional.empty();
    }
    return Optional.of(
        new AuthenticationVector(Rand.of(rand.get()), autn.get(), xres.get(), ck.get(), ik.get()));
  }

  private static Optional<byte[]> hex(JsonNode n, String field, Pattern p) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual() || !p.matcher(v.asText()).matches()) {
      return Optional.empty();
    }
    String s = v.asText();
    return s.length() % 2 == 0 ? Optional.of(Hex.decode(s)) : Optional.empty();
  }
}
