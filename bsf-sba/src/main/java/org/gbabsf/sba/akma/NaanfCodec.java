package org.gbabsf.sba.akma;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gbabsf.core.akma.AKid;
import org.gbabsf.core.akma.AfKeyOutcome;
import org.gbabsf.core.akma.AnchorService;
import org.gbabsf.core.akma.Supi;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.problem.InvalidIes;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * The bodies of Naanf_AKMA (TS 29.535 V19.5.0, TS29535_Naanf_AKMA.yaml 1.2.0 and TS29522_AKMA.yaml;
 * checked against the committed Rel-18 files, 1.1.0-alpha.4, whose schemas are the same) as pure
 * functions: AkmaKeyInfo (register-anchorkey), AkmaAfKeyRequest and AkmaAfKeyData
 * (retrieve-applicationkey), CtxRemove (remove-context). Every invalid attribute is named by its
 * JSON pointer in one 400.
 *
 * <p>The YAML types kAkma and kaf as plain strings; both are 256-bit keys (TS 33.535 Annex A),
 * taken and written as 64 hexadecimal digits, as Nbsp_GBA writes its keys.
 */
public final class NaanfCodec {

  private static final Pattern KEY = Pattern.compile("^[A-Fa-f0-9]{64}$");

  /** TS 29.571 §5.3.2 Gpsi: {@code msisdn-} digits or {@code extid-} an external identifier. */
  private static final Pattern GPSI =
      Pattern.compile("^(msisdn-[0-9]{5,15}|extid-[^@\\s]+@[^@\\s]+)$");

  /**
   * An afId is read as the AF's FQDN ({@link org.gbabsf.core.akma.AfIdentifiers}): dot-separated
   * labels of letters, digits and hyphens, 1 to 63 each, at most 253 in all (RFC 1035 §2.3.4).
   */
  private static final Pattern FQDN =
      Pattern.compile(
          "^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
              + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$");

  private NaanfCodec() {}

  /** A decoded body: the request, or the 400 to answer. */
  public sealed interface Decoded<T> {
    /** A request to serve. */
    record Valid<T>(T request) implements Decoded<T> {}

    /** A request to refuse with this 400. */
    record Invalid<T>(Problem problem) implements Decoded<T> {}
  }

  /**
   * An AF key request (AkmaAfKeyRequest).
   *
   * @param afId afId, as the AF or the NEF wrote it
   * @param aKid aKId
   * @param anonymous anonInd (AnonUser_Get; default false)
   */
  public record KeyRequest(String afId, AKid aKid, boolean anonymous) {}

  /** Decodes an AkmaKeyInfo. */
  public static Decoded<AnchorService.Registration> decodeRegistration(byte[] body) {
    Optional<ObjectNode> parsed = SbiJson.parseObject(body);
    if (parsed.isEmpty()) {
      return new Decoded.Invalid<>(
          Problems.invalidMessageFormat("the body is not a JSON AkmaKeyInfo"));
    }
    ObjectNode o = parsed.get();
    InvalidIes invalid = new InvalidIes();
    AKid aKid = aKid(o, invalid);
    byte[] kAkma = null;
    JsonNode k = o.get("kAkma");
    if (k == null) {
      invalid.missing("/kAkma");
    } else if (!k.isTextual() || !KEY.matcher(k.asText()).matches()) {
      invalid.mandatory("/kAkma", "not 64 hexadecimal digits");
    } else {
      kAkma = Hex.decode(k.asText());
    }
    Optional<Supi> supi = supi(o, invalid, false);
    Optional<String> gpsi = gpsi(o, invalid);
    if (o.get("supi") == null && o.get("gpsi") == null) {
      invalid.missing("/supi");
    }
    Optional<Problem> problem = invalid.problem();
    return problem.isPresent()
        ? new Decoded.Invalid<>(problem.get())
        : new Decoded.Valid<>(new AnchorService.Registration(aKid, supi, gpsi, kAkma));
  }

  /** Decodes an AkmaAfKeyRequest. */
  public static Decoded<KeyRequest> decodeKeyRequest(byte[] body) {
    Optional<ObjectNode> parsed = SbiJson.parseObject(body);
    if (parsed.isEmpty()) {
      return new Decoded.Invalid<>(
          Problems.invalidMessageFormat("the body is not a JSON AkmaAfKeyRequest"));
    }
    ObjectNode o = parsed.get();
    InvalidIes invalid = new InvalidIes();
    String afId = null;
    JsonNode a = o.get("afId");
    if (a == null) {
      invalid.missing("/afId");
    } else if (!a.isTextual() || !FQDN.matcher(a.asText()).matches()) {
      invalid.mandatory("/afId", "not the AF's FQDN");
    } else {
      afId = a.asText();
    }
    AKid aKid = aKid(o, invalid);
    boolean anonymous = false;
    JsonNode anon = o.get("anonInd");
    if (anon != null) {
      if (anon.isBoolean()) {
        anonymous = anon.asBoolean();
      } else {
        invalid.optional("/anonInd", "not a boolean");
      }
    }
    Optional<Problem> problem = invalid.problem();
    return problem.isPresent()
        ? new Decoded.Invalid<>(problem.get())
        : new Decoded.Valid<>(new KeyRequest(afId, aKid, anonymous));
  }

  /** Decodes a CtxRemove: its supi, which TS 29.535 says shall be included. */
  public static Decoded<Supi> decodeRemove(byte[] body) {
    Optional<ObjectNode> parsed = SbiJson.parseObject(body);
    if (parsed.isEmpty()) {
      return new Decoded.Invalid<>(
          Problems.invalidMessageFormat("the body is not a JSON CtxRemove"));
    }
    InvalidIes invalid = new InvalidIes();
    Optional<Supi> supi = supi(parsed.get(), invalid, true);
    Optional<Problem> problem = invalid.problem();
    return problem.isPresent()
        ? new Decoded.Invalid<>(problem.get())
        : new Decoded.Valid<>(supi.orElseThrow());
  }

  /**
   * The AkmaAfKeyData of {@code key}: kaf as 64 hexadecimal digits, expiry as a DateTime (RFC 3339
   * in UTC), supi and gpsi when the outcome carries them. Key material: the bytes must not be
   * logged.
   */
  public static byte[] encodeKeyData(AfKeyOutcome.Key key) {
    ObjectNode o = SbiJson.object();
    o.put("kaf", Hex.encode(key.kAf()));
    o.put("expiry", DateTimeFormatter.ISO_INSTANT.format(key.expiresAt()));
    key.supi().ifPresent(s -> o.put("supi", s.value()));
    key.gpsi().ifPresent(g -> o.put("gpsi", g));
    return SbiJson.bytes(o);
  }

  /**
   * The AkmaKeyInfo of a registration, as the AUSF sends it and as the AAnF echoes it (TS 29.535
   * §5.2.2.2). The YAML's {@code oneOf} allows the SUPI or the GPSI, not both: the SUPI is written
   * when known, else the GPSI. {@link #decodeRegistration} still takes a body with both (an AUSF of
   * Rel-17, whose YAML had no {@code oneOf}), and keeps the GPSI it carries.
   */
  public static byte[] encodeRegistration(AnchorService.Registration r) {
    ObjectNode o = SbiJson.object();
    if (r.supi().isPresent()) {
      o.put("supi", r.supi().get().value());
    } else {
      r.gpsi().ifPresent(g -> o.put("gpsi", g));
    }
    o.put("aKId", r.aKid().value());
    o.put("kAkma", Hex.encode(r.kAkma()));
    return SbiJson.bytes(o);
  }

  /**
   * An AkmaAfKeyData as an AF reads it.
   *
   * @param kAf K_AF, 32 octets (key material)
   * @param expiry its expiry
   * @param supi the SUPI, when sent
   * @param gpsi the GPSI, when sent
   */
  public record KeyData(
      byte[] kAf, java.time.Instant expiry, Optional<String> supi, Optional<String> gpsi) {
    /** Copies the key. */
    public KeyData {
      kAf = kAf.clone();
    }

    /** A copy of K_AF. */
    @Override
    public byte[] kAf() {
      return kAf.clone();
    }

    /** Without K_AF or the identities. */
    @Override
    public String toString() {
      return "KeyData[expires " + expiry + "]";
    }
  }

  /**
   * The AkmaAfKeyRequest an AF or the NEF sends (the client's side of {@link #decodeKeyRequest}).
   */
  public static byte[] encodeKeyRequest(KeyRequest request) {
    ObjectNode o = SbiJson.object();
    o.put("afId", request.afId());
    o.put("aKId", request.aKid().value());
    if (request.anonymous()) {
      o.put("anonInd", true);
    }
    return SbiJson.bytes(o);
  }

  /** The CtxRemove of {@code supi}. */
  public static byte[] encodeRemove(Supi supi) {
    ObjectNode o = SbiJson.object();
    o.put("supi", supi.value());
    return SbiJson.bytes(o);
  }

  /**
   * An AkmaAfKeyData: kaf of 64 hexadecimal digits and an RFC 3339 expiry, or empty if the body is
   * not one.
   */
  public static Optional<KeyData> decodeKeyData(byte[] body) {
    Optional<ObjectNode> parsed = SbiJson.parseObject(body);
    if (parsed.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode o = parsed.get();
    JsonNode kaf = o.get("kaf");
    JsonNode expiry = o.get("expiry");
    if (kaf == null || !kaf.isTextual() || !KEY.matcher(kaf.asText()).matches()) {
      return Optional.empty();
    }
    if (expiry == null || !expiry.isTextual()) {
      return Optional.empty();
    }
    java.time.Instant at;
    try {
      at = java.time.OffsetDateTime.parse(expiry.asText()).toInstant();
    } catch (java.time.format.DateTimeParseException e) {
      return Optional.empty();
    }
    return Optional.of(
        new KeyData(
            Hex.decode(kaf.asText()),
            at,
            Optional.ofNullable(o.get("supi")).filter(JsonNode::isTextual).map(JsonNode::asText),
            Optional.ofNullable(o.get("gpsi")).filter(JsonNode::isTextual).map(JsonNode::asText)));
  }

  private static AKid aKid(ObjectNode o, InvalidIes invalid) {
    JsonNode k = o.get("aKId");
    if (k == null) {
      invalid.missing("/aKId");
      return null;
    }
    try {
      if (k.isTextual()) {
        return new AKid(k.asText());
      }
    } catch (IllegalArgumentException notNai) {
      // reported below
    }
    invalid.mandatory("/aKId", "not an A-KID (username@realm)");
    return null;
  }

  private static Optional<Supi> supi(ObjectNode o, InvalidIes invalid, boolean required) {
    JsonNode s = o.get("supi");
    if (s == null) {
      if (required) {
        invalid.missing("/supi");
      }
      return Optional.empty();
    }
    try {
      if (s.isTextual()) {
        return Optional.of(new Supi(s.asText()));
      }
    } catch (IllegalArgumentException notSupi) {
      // reported below
    }
    invalid.mandatory("/supi", "not a SUPI (imsi-, nai-, gci- or gli-)");
    return Optional.empty();
  }

  private static Optional<String> gpsi(ObjectNode o, InvalidIes invalid) {
    JsonNode g = o.get("gpsi");
    if (g == null) {
      return Optional.empty();
    }
    if (!g.isTextual() || !GPSI.matcher(g.asText()).matches()) {
      invalid.mandatory("/gpsi", "not a GPSI (msisdn- or extid-)");
      return Optional.empty();
    }
    return Optional.of(g.asText());
  }
}
