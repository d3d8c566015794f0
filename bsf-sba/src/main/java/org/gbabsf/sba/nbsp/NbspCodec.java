package org.gbabsf.sba.nbsp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.gbabsf.core.crypto.Hex;
import org.gbabsf.core.domain.BTid;
import org.gbabsf.core.zn.NafId;
import org.gbabsf.core.zn.ZnOutcome;
import org.gbabsf.sba.CommonTypes;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.json.SbiTime;
import org.gbabsf.sba.problem.InvalidIes;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * BootstrappingInfoRequest and BootstrappingInfoResponse of Nbsp_GBA (TS 29.309 §6.1.6.2.2,
 * §6.1.6.2.3) as pure functions, both ways: the BSF decodes requests (naming every invalid
 * attribute by its JSON pointer) and encodes answers; a NAF does the opposite.
 */
public final class NbspCodec {

  /** TS 33.220 Annex H Ua security protocol identifier: five octets in hex. */
  private static final Pattern UA_SEC_PROT_ID = Pattern.compile("^[A-Fa-f0-9]{10}$");

  private static final long UINT32_MAX = 0xFFFF_FFFFL;

  private NbspCodec() {}

  /** A decoded request. */
  public sealed interface Decoded {
    /**
     * A request the BSF can serve.
     *
     * @param btid btId
     * @param nafId nafId: nafFqdn ‖ uaSecProtId, P3 of the Ks_NAF derivation
     * @param gbaUAware gbaUAware (default false)
     * @param gsIds gsIds, as the bits of each Uint32 (empty for none)
     */
    record Valid(BTid btid, NafId nafId, boolean gbaUAware, List<Integer> gsIds)
        implements Decoded {
      /** Copies the list. */
      public Valid {
        gsIds = List.copyOf(gsIds);
      }
    }

    /** A request to refuse with this 400. */
    record Invalid(Problem problem) implements Decoded {}
  }

  /** Decodes a BootstrappingInfoRequest. */
  public static Decoded decodeRequest(byte[] body) {
    Optional<ObjectNode> parsed = SbiJson.parseObject(body);
    if (parsed.isEmpty()) {
      return new Decoded.Invalid(
          Problems.invalidMessageFormat("the body is not a JSON BootstrappingInfoRequest"));
    }
    ObjectNode o = parsed.get();
    InvalidIes invalid = new InvalidIes();

    BTid btid = null;
    JsonNode b = o.get("btId");
    if (b == null) {
      invalid.missing("/btId");
    } else if (!b.isTextual() || !isBtid(b.asText())) {
      invalid.mandatory("/btId", "not a B-TID (base64(RAND)@BSF server name)");
    } else {
      btid = new BTid(b.asText());
    }

    NafId nafId = null;
    JsonNode n = o.get("nafId");
    if (n == null) {
      invalid.missing("/nafId");
    } else if (!n.isObject()) {
      invalid.mandatory("/nafId", "not a NafId object");
    } else {
      JsonNode fqdn = n.get("nafFqdn");
      JsonNode prot = n.get("uaSecProtId");
      boolean ok = true;
      if (fqdn == null) {
        invalid.missing("/nafId/nafFqdn");
        ok = false;
      } else if (!fqdn.isTextual() || !CommonTypes.isFqdn(fqdn.asText())) {
        invalid.mandatory("/nafId/nafFqdn", "not an FQDN");
        ok = false;
      }
      if (prot == null) {
        invalid.missing("/nafId/uaSecProtId");
        ok = false;
      } else if (!prot.isTextual() || !UA_SEC_PROT_ID.matcher(prot.asText()).matches()) {
        invalid.mandatory("/nafId/uaSecProtId", "not 10 hexadecimal digits");
        ok = false;
      }
      if (ok) {
        nafId = new NafId(fqdn.asText(), Hex.decode(prot.asText()));
      }
    }

    boolean gbaUAware = false;
    JsonNode u = o.get("gbaUAware");
    if (u != null) {
      if (u.isBoolean()) {
        gbaUAware = u.asBoolean();
      } else {
        invalid.optional("/gbaUAware", "not a boolean");
      }
    }

    List<Integer> gsIds = new ArrayList<>();
    JsonNode g = o.get("gsIds");
    if (g != null) {
      if (!g.isArray() || g.isEmpty()) {
        invalid.optional("/gsIds", "not a non-empty array");
      } else {
        for (int i = 0; i < g.size(); i++) {
          JsonNode id = g.get(i);
          if (!id.canConvertToLong()
              || !id.isIntegralNumber()
              || id.asLong() < 0
              || id.asLong() > UINT32_MAX) {
            invalid.optional("/gsIds/" + i, "not a Uint32");
          } else {
            gsIds.add((int) id.asLong());
          }
        }
      }
    }

    Optional<Problem> problem = invalid.problem();
    if (problem.isPresent()) {
      return new Decoded.Invalid(problem.get());
    }
    return new Decoded.Valid(btid, nafId, gbaUAware, gsIds);
  }

  /**
   * The BootstrappingInfoResponse for {@code keys}: Ks_ext_NAF as meKeyMaterial, Ks_int_NAF as
   * uiccKeyMaterial when there is one, the session's times, the visible USSs, the GBA type and,
   * when {@code withImpi}, the IMPI. Key material: the bytes must not be logged.
   */
  public static byte[] encodeResponse(ZnOutcome.Keys keys, boolean withImpi) {
    ObjectNode o = SbiJson.object();
    o.put("meKeyMaterial", Hex.encode(keys.ksExtNaf()));
    keys.ksIntNaf().ifPresent(k -> o.put("uiccKeyMaterial", Hex.encode(k)));
    o.put("keyExpiryTime", SbiTime.format(keys.expiresAt()));
    o.put("bootstrappingInfoCreationTime", SbiTime.format(keys.createdAt()));
    ArrayNode uss = UssJson.encode(keys.visibleUss());
    if (!uss.isEmpty()) {
      o.set("ussList", uss);
    }
    o.put("gbaType", gbaType(keys.gbaType()));
    if (withImpi) {
      o.put("impi", keys.impi().value());
    }
    return SbiJson.bytes(o);
  }

  /** The BootstrappingInfoRequest a NAF sends. */
  public static byte[] encodeRequest(BTid btid, NafId nafId, boolean gbaUAware, List<Long> gsIds) {
    ObjectNode o = SbiJson.object();
    o.put("btId", btid.value());
    o.putObject("nafId")
        .put("nafFqdn", nafId.fqdn())
        .put("uaSecProtId", Hex.encode(nafId.uaSecurityProtocolId()));
    if (gbaUAware) {
      o.put("gbaUAware", true);
    }
    if (!gsIds.isEmpty()) {
      ArrayNode a = o.putArray("gsIds");
      gsIds.forEach(a::add);
    }
    return SbiJson.bytes(o);
  }

  /**
   * A BootstrappingInfoResponse as a NAF reads it. Key material: not printed.
   *
   * @param meKeyMaterial Ks_ext_NAF (32 octets)
   * @param uiccKeyMaterial Ks_int_NAF, for a GBA_U user and a GBA_U-aware NAF
   * @param keyExpiryTime the key's expiry
   * @param creationTime bootstrappingInfoCreationTime
   * @param ussList the user security settings the NAF may see
   * @param gbaType the GBA type, as sent
   * @param impi the IMPI, when sent
   */
  public record Answer(
      byte[] meKeyMaterial,
      Optional<byte[]> uiccKeyMaterial,
      Optional<java.time.Instant> keyExpiryTime,
      Optional<java.time.Instant> creationTime,
      List<org.gbabsf.core.domain.UserSecuritySetting> ussList,
      Optional<String> gbaType,
      Optional<String> impi) {
    @Override
    public String toString() {
      return "Answer[expires " + keyExpiryTime.orElse(null) + ", keys hidden]";
    }
  }

  /** Reads a BootstrappingInfoResponse; empty if meKeyMaterial or another attribute is invalid. */
  public static Optional<Answer> decodeResponse(byte[] body) {
    Optional<ObjectNode> parsed = SbiJson.parseObject(body);
    if (parsed.isEmpty()) {
      return Optional.empty();
    }
    ObjectNode o = parsed.get();
    Optional<byte[]> me = key(o.get("meKeyMaterial"));
    if (me.isEmpty()) {
      return Optional.empty();
    }
    JsonNode uicc = o.get("uiccKeyMaterial");
    Optional<byte[]> uiccKey = uicc == null ? Optional.empty() : key(uicc);
    if (uicc != null && uiccKey.isEmpty()) {
      return Optional.empty();
    }
    List<org.gbabsf.core.domain.UserSecuritySetting> uss = List.of();
    JsonNode list = o.get("ussList");
    if (list != null) {
      Optional<List<org.gbabsf.core.domain.UserSecuritySetting>> read = UssJson.decode(list);
      if (read.isEmpty()) {
        return Optional.empty();
      }
      uss = read.get();
    }
    return Optional.of(
        new Answer(
            me.get(),
            uiccKey,
            time(o, "keyExpiryTime"),
            time(o, "bootstrappingInfoCreationTime"),
            uss,
            text(o, "gbaType"),
            text(o, "impi")));
  }

  private static Optional<byte[]> key(JsonNode n) {
    if (n == null || !n.isTextual() || !n.asText().matches("^[A-Fa-f0-9]{64}$")) {
      return Optional.empty();
    }
    return Optional.of(Hex.decode(n.asText()));
  }

  private static Optional<java.time.Instant> time(ObjectNode o, String field) {
    JsonNode n = o.get(field);
    return n != null && n.isTextual() ? SbiTime.parse(n.asText()) : Optional.empty();
  }

  private static Optional<String> text(ObjectNode o, String field) {
    JsonNode n = o.get(field);
    return n != null && n.isTextual() ? Optional.of(n.asText()) : Optional.empty();
  }

  private static String gbaType(org.gbabsf.core.domain.GbaType t) {
    switch (t) {
      case TWO_G:
        return "2G_GBA";
      case THREE_G:
      default:
        return "3G_GBA";
    }
  }

  private static boolean isBtid(String s) {
    int at = s.indexOf('@');
    return at > 0
        && at < s.length() - 1
        && s.length() <= BTid.MAX_LENGTH
        && s.chars().allMatch(c -> c > 0x20 && c < 0x7f);
  }
}
