package org.gbabsf.sba.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Optional;
import org.gbabsf.sba.http.Utf8;

/**
 * The one JSON configuration of the SBI (TS 29.500 §5.4: JSON per RFC 8259; attributes this release
 * does not know are ignored): a mapper whose parser refuses deep nesting and long strings, so that
 * no body can make a parse expensive, and tree-level helpers for codecs that must name each invalid
 * attribute.
 */
public final class SbiJson {

  /** Deepest nesting any SBI body of ours needs is under ten; a peer gets thirty-two. */
  static final int MAX_NESTING = 32;

  /** Longest string: a GUSS or a token is far below. */
  static final int MAX_STRING = 64 * 1024;

  private static final ObjectMapper MAPPER =
      new ObjectMapper(
              JsonFactory.builder()
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxNestingDepth(MAX_NESTING)
                          .maxStringLength(MAX_STRING)
                          .maxNumberLength(64)
                          .build())
                  .build())
          // RFC 8259: a body is one JSON text; "{...} junk" is not JSON.
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          // Two values for one name: which one counts is undefined (RFC 8259 §4); refused.
          .enable(
              com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION
                  .mappedFeature());

  private SbiJson() {}

  /** The shared mapper (thread-safe). */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  /** A new empty object node. */
  public static ObjectNode object() {
    return MAPPER.createObjectNode();
  }

  /**
   * Parses {@code body} as a JSON object; empty if it is not UTF-8 ({@link #utf8}), not JSON or not
   * an object.
   */
  public static Optional<ObjectNode> parseObject(byte[] body) {
    return utf8(body).flatMap(SbiJson::parseObject);
  }

  /** Parses {@code text} as a JSON object; empty if it is not JSON or not an object. */
  public static Optional<ObjectNode> parseObject(String text) {
    try {
      JsonNode n = MAPPER.readTree(text);
      return n instanceof ObjectNode o ? Optional.of(o) : Optional.empty();
    } catch (IOException notJson) {
      return Optional.empty();
    }
  }

  /**
   * {@code body} decoded as UTF-8, strictly: empty for any byte sequence that is not UTF-8. RFC
   * 8259 §8.1 requires UTF-8 between systems; left to Jackson, the encoding would be guessed from
   * the first octets, and a body in UTF-16 or UTF-32 that happens to parse would be accepted.
   */
  public static Optional<String> utf8(byte[] body) {
    // RFC 8259 §8.1: a parser may ignore a byte order mark; Jackson's byte reader skipped one.
    return Utf8.decode(body).map(t -> t.startsWith("\uFEFF") ? t.substring(1) : t);
  }

  /** Serialises {@code node}. */
  public static byte[] bytes(JsonNode node) {
    try {
      return MAPPER.writeValueAsBytes(node);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }
}
