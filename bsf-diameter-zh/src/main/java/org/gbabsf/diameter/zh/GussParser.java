package org.gbabsf.diameter.zh;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.xml.stream.XMLInputFactory;
import org.gbabsf.core.domain.Guss;
import org.gbabsf.core.domain.UiccType;
import org.gbabsf.core.domain.UserSecuritySetting;

/**
 * Parses the GUSS of GBA-UserSecSettings (TS 29.109 Annex A) with Jackson XML into domain types,
 * keeping the raw XML for Zn. DTDs are never read and entities never resolved: a document that
 * references one is invalid. A pure function.
 *
 * <pre>
 * &lt;guss id=".."&gt;
 *   &lt;bsfInfo&gt;&lt;uiccType&gt;GBA|GBA_U&lt;/uiccType&gt;&lt;lifeTime&gt;seconds&lt;/lifeTime&gt;&lt;/bsfInfo&gt;
 *   &lt;Extension&gt;&lt;timestamp&gt;xs:dateTime&lt;/timestamp&gt;&lt;/Extension&gt;  (or within bsfInfo)
 *   &lt;ussList&gt;&lt;uss id=".." type="n" nafGroup=".."&gt;
 *     &lt;uids&gt;&lt;uid&gt;..&lt;/uid&gt;&lt;/uids&gt;&lt;flags&gt;&lt;flag&gt;n&lt;/flag&gt;&lt;/flags&gt;
 *   &lt;/uss&gt;&lt;/ussList&gt;
 * &lt;/guss&gt;
 * </pre>
 */
public final class GussParser {

  /** Largest GUSS accepted (octets of XML). */
  public static final int MAX_LENGTH = 256 * 1024;

  private static final XmlMapper XML = mapper();

  /** The outcome, as a value. */
  public sealed interface Result {
    /**
     * Parsed.
     *
     * @param guss the GUSS
     */
    record Parsed(Guss guss) implements Result {}

    /**
     * Not a GUSS.
     *
     * @param reason why
     */
    record Invalid(String reason) implements Result {}
  }

  private GussParser() {}

  private static XmlMapper mapper() {
    XMLInputFactory input = XMLInputFactory.newFactory();
    input.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    input.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    return new XmlMapper(new XmlFactory(input));
  }

  /** Parses {@code xml}. */
  public static Result parse(String xml) {
    // Octets, as documented: a char is at least one UTF-8 octet, so the length test comes first.
    if (xml.length() > MAX_LENGTH || xml.getBytes(StandardCharsets.UTF_8).length > MAX_LENGTH) {
      return new Result.Invalid("GUSS larger than " + MAX_LENGTH + " octets");
    }
    JsonNode root;
    try {
      root = XML.readTree(xml);
    } catch (JsonProcessingException e) {
      return new Result.Invalid("GUSS is not well-formed XML");
    }
    if (root == null || !root.isObject()) {
      return new Result.Invalid("GUSS is empty");
    }
    JsonNode bsfInfo = root.path("bsfInfo");
    // A type other than GBA and GBA_U is kept as UNKNOWN, not refused here: Ub answers it with
    // its own 403 (docs/ub-conformance.md), and the MAA is not malformed for it.
    UiccType uicc = UiccType.named(bsfInfo.path("uiccType").asText("GBA").strip());
    Optional<Duration> lifetime = Optional.empty();
    JsonNode life = bsfInfo.get("lifeTime");
    if (life != null) {
      String text = life.asText().strip();
      if (!text.matches("[0-9]{1,9}")) {
        return new Result.Invalid("lifeTime must be a number of seconds");
      }
      lifetime = Optional.of(Duration.ofSeconds(Long.parseLong(text)));
    }
    // Only what GUSS-Timestamp needs: a timestamp that is missing or not an xs:dateTime leaves
    // the GUSS without one (its MARs then carry no GUSS-Timestamp, and the HSS always sends it).
    Optional<Instant> timestamp = timestamp(root).or(() -> timestamp(bsfInfo));
    List<UserSecuritySetting> uss = new ArrayList<>();
    for (JsonNode node : elements(root.path("ussList").path("uss"))) {
      String type = node.path("type").asText("");
      if (!type.matches("[0-9]{1,9}")) {
        return new Result.Invalid("uss type must be a number");
      }
      List<String> uids = new ArrayList<>();
      for (JsonNode uid : elements(node.path("uids").path("uid"))) {
        uids.add(uid.asText().strip());
      }
      List<Integer> flags = new ArrayList<>();
      for (JsonNode flag : elements(node.path("flags").path("flag"))) {
        String f = flag.asText().strip();
        if (!f.matches("[0-9]{1,9}")) {
          return new Result.Invalid("uss flag must be a number");
        }
        flags.add(Integer.parseInt(f));
      }
      uss.add(
          new UserSecuritySetting(
              node.path("id").asText(""),
              Integer.parseInt(type),
              node.path("nafGroup").asText(""),
              uids,
              flags));
    }
    return new Result.Parsed(new Guss(xml, uicc, lifetime, uss, timestamp));
  }

  /** {@code Extension/timestamp} (or {@code extension/timestamp}) under {@code parent}. */
  private static Optional<Instant> timestamp(JsonNode parent) {
    JsonNode extension =
        parent.has("Extension") ? parent.path("Extension") : parent.path("extension");
    JsonNode stamp = extension.get("timestamp");
    return stamp == null || !stamp.isValueNode()
        ? Optional.empty()
        : dateTime(stamp.asText().strip());
  }

  /**
   * An xs:dateTime: with an offset or {@code Z}, or without one, which is read as UTC (the HSS's
   * GUSS-Timestamp comparison is on the same instant either way).
   */
  private static Optional<Instant> dateTime(String text) {
    try {
      return Optional.of(OffsetDateTime.parse(text).toInstant());
    } catch (DateTimeParseException withoutOffset) {
      try {
        return Optional.of(LocalDateTime.parse(text).toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException notADateTime) {
        return Optional.empty();
      }
    }
  }

  /** A repeated element comes as an array, a single one as an object, a missing one as nothing. */
  private static List<JsonNode> elements(JsonNode node) {
    List<JsonNode> out = new ArrayList<>();
    if (node.isArray()) {
      node.forEach(out::add);
    } else if (!node.isMissingNode() && !node.isNull()) {
      out.add(node);
    }
    return out;
  }
}
