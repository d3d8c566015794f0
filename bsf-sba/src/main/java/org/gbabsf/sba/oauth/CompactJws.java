package org.gbabsf.sba.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.oauth.TokenCheck.Reason;

/**
 * A JWS in the compact serialization (RFC 7515 §7.1), split and its protected header read (RFC 7515
 * §5.2 steps 1 to 5), nothing verified yet. The payload is kept as octets: it is read only once the
 * signature has been verified.
 *
 * <p>Refused: other than three parts; a part that is not unpadded base64url (RFC 7515 §2); a header
 * that is not one JSON object, or has a member twice (RFC 7515 §5.2 step 4 allows refusing it); no
 * {@code alg}, or one other than {@link JwsAlgorithm}'s; a {@code kid} or {@code typ} that is not a
 * string; any {@code crit} (RFC 7515 §4.1.11: this recipient understands no extension). {@code
 * jwk}, {@code jku}, {@code x5u} and {@code x5c} are ignored: the key always comes from {@link
 * NrfKeys}, never from the token.
 *
 * @param algorithm {@code alg}
 * @param kid {@code kid}, if any
 * @param signingInput the ASCII octets over which the signature was made (RFC 7515 §5.1 step 7)
 * @param payload the decoded payload octets
 * @param signature the decoded signature octets
 */
record CompactJws(
    JwsAlgorithm algorithm,
    Optional<String> kid,
    byte[] signingInput,
    byte[] payload,
    byte[] signature) {

  /** Splits and reads {@code token}; never throws on bad input. */
  static Outcome<CompactJws> parse(String token) {
    int first = token.indexOf('.');
    int second = first < 0 ? -1 : token.indexOf('.', first + 1);
    if (second < 0 || token.indexOf('.', second + 1) >= 0) {
      return Outcome.failed(
          Reason.MALFORMED, "not a compact JWS of three parts (RFC 7515 section 7.1)");
    }
    String header = token.substring(0, first);
    String payload = token.substring(first + 1, second);
    String signature = token.substring(second + 1);
    if (header.isEmpty() || !isBase64Url(header)) {
      return Outcome.failed(
          Reason.MALFORMED, "the header is not unpadded base64url (RFC 7515 section 2)");
    }
    Outcome<JsonNode> json = object(decode(header), "JOSE header");
    if (json instanceof Outcome.Failed<JsonNode> f) {
      return new Outcome.Failed<>(f.rejected());
    }
    JsonNode h = ((Outcome.Ok<JsonNode>) json).value();
    if (h.has("crit")) {
      return Outcome.failed(
          Reason.MALFORMED,
          "the header has crit, and no extension is understood (RFC 7515 section 4.1.11)");
    }
    JsonNode alg = h.get("alg");
    if (alg == null || !alg.isTextual()) {
      return Outcome.failed(
          Reason.MALFORMED, "the header has no alg string (RFC 7515 section 4.1.1)");
    }
    Optional<JwsAlgorithm> algorithm = JwsAlgorithm.named(alg.textValue());
    if (algorithm.isEmpty()) {
      return Outcome.failed(
          Reason.UNSUPPORTED_ALGORITHM,
          "alg " + Printable.quoted(alg.textValue()) + " is not one of ES256, RS256, PS256");
    }
    JsonNode kid = h.get("kid");
    JsonNode typ = h.get("typ");
    if ((kid != null && !kid.isTextual()) || (typ != null && !typ.isTextual())) {
      return Outcome.failed(Reason.MALFORMED, "kid or typ in the header is not a string");
    }
    if (payload.isEmpty() || !isBase64Url(payload)) {
      return Outcome.failed(
          Reason.MALFORMED, "the payload is not unpadded base64url (RFC 7515 section 2)");
    }
    if (signature.isEmpty() || !isBase64Url(signature)) {
      return Outcome.failed(
          Reason.MALFORMED, "the signature is not unpadded base64url (RFC 7515 section 2)");
    }
    return Outcome.ok(
        new CompactJws(
            algorithm.get(),
            Optional.ofNullable(kid).map(JsonNode::textValue),
            token.substring(0, second).getBytes(StandardCharsets.US_ASCII),
            decode(payload),
            decode(signature)));
  }

  /**
   * {@code utf8} read as one JSON object (RFC 7515 §5.2 step 3, RFC 7519 §7.2 step 10), or a
   * MALFORMED rejection naming {@code what}.
   */
  static Outcome<JsonNode> object(byte[] utf8, String what) {
    // Decoded strictly first: bytes that Jackson's encoding detection took for UTF-32 once threw
    // out of the verifier (found by SbaDecodingFuzzTest, crash-3f0672…).
    Optional<String> text = SbiJson.utf8(utf8);
    if (text.isEmpty()) {
      return Outcome.failed(Reason.MALFORMED, "the " + what + " is not valid UTF-8 JSON");
    }
    Optional<ObjectNode> node = SbiJson.parseObject(text.get());
    if (node.isEmpty()) {
      return Outcome.failed(Reason.MALFORMED, "the " + what + " is not a JSON object");
    }
    return Outcome.ok(node.get());
  }

  /**
   * Base64url without padding (RFC 7515 §2, RFC 4648 §5): only {@code A-Z a-z 0-9 - _}, and a
   * length that is not 1 modulo 4, so that {@link #decode} cannot fail.
   */
  static boolean isBase64Url(String s) {
    if (s.length() % 4 == 1) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'A' && c <= 'Z')
              || (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '_';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  private static byte[] decode(String base64Url) {
    return Base64.getUrlDecoder().decode(base64Url);
  }
}
