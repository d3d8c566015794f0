package org.gbabsf.sba.nrf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.gbabsf.sba.CommonTypes;
import org.gbabsf.sba.json.SbiJson;

/**
 * Nnrf_AccessToken (TS 29.510 §5.4.2.2, §6.3; RFC 6749 §4.4 client credentials) as pure functions:
 * the AccessTokenReq form and the AccessTokenRsp or AccessTokenErr the NRF answers. Tokens are key
 * material: nothing here puts one in a string meant for a log.
 */
public final class AccessTokenCodec {

  /** The media type of the request (RFC 6749 §4.4.2). */
  public static final String FORM = "application/x-www-form-urlencoded";

  /** The longest token taken (a JWS of the NRF is far shorter). */
  static final int MAX_TOKEN = 8 * 1024;

  /** The longest lifetime taken: an NRF must not make the BSF keep one token for a week. */
  static final Duration MAX_LIFETIME = Duration.ofDays(1);

  /** RFC 6750 §2.1 b64token: what may follow {@code Bearer } in a header. */
  private static final Pattern B64TOKEN = Pattern.compile("^[A-Za-z0-9._~+/-]+=*$");

  /** TS 29.510 scope: service names (and operation scopes) separated by one space. */
  private static final Pattern SCOPE = Pattern.compile("^([a-zA-Z0-9_:-]+)( [a-zA-Z0-9_:-]+)*$");

  private AccessTokenCodec() {}

  /**
   * A token request (AccessTokenReq).
   *
   * @param nfInstanceId the requester's NF instance id (a UUID)
   * @param nfType the requester's NF type, e.g. {@code GBA_BSF}
   * @param targetNfType the NF type of the producers, e.g. {@code HSS}
   * @param scope the service names, e.g. {@code nhss-gba-ueau nhss-gba-sdm}
   */
  public record TokenRequest(
      String nfInstanceId, String nfType, String targetNfType, String scope) {
    /** Checks the values. */
    public TokenRequest {
      UUID.fromString(nfInstanceId);
      if (!CommonTypes.isNfType(nfType) || !CommonTypes.isNfType(targetNfType)) {
        throw new IllegalArgumentException("not NF types: " + nfType + ", " + targetNfType);
      }
      if (!SCOPE.matcher(scope).matches()) {
        throw new IllegalArgumentException("not a scope: " + scope);
      }
    }
  }

  /**
   * A token the NRF issued.
   *
   * @param token the access token (key material: {@link #toString()} leaves it out)
   * @param lifetime how long it is valid from its request ({@code expires_in})
   */
  public record IssuedToken(String token, Duration lifetime) {
    @Override
    public String toString() {
      return "IssuedToken[" + token.length() + " characters, " + lifetime.toSeconds() + " s]";
    }
  }

  /**
   * The form body: {@code grant_type=client_credentials}, {@code nfInstanceId}, {@code nfType},
   * {@code targetNfType} and {@code scope}.
   */
  public static byte[] form(TokenRequest r) {
    String body =
        "grant_type=client_credentials"
            + "&nfInstanceId="
            + encode(r.nfInstanceId())
            + "&nfType="
            + encode(r.nfType())
            + "&targetNfType="
            + encode(r.targetNfType())
            + "&scope="
            + encode(r.scope());
    return body.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The token of an AccessTokenRsp: {@code access_token} (an RFC 6750 b64token, 8 KiB at most) and
   * {@code token_type} Bearer; its lifetime is {@code expires_in} (1 s to a day; a longer one is
   * cut to a day), or {@code whenAbsent} when the NRF gives none. Empty if the body is no such
   * answer.
   */
  public static Optional<IssuedToken> answer(byte[] body, Duration whenAbsent) {
    Optional<ObjectNode> o = SbiJson.parseObject(body);
    if (o.isEmpty()) {
      return Optional.empty();
    }
    JsonNode token = o.get().get("access_token");
    JsonNode type = o.get().get("token_type");
    JsonNode expires = o.get().get("expires_in");
    if (token == null
        || !token.isTextual()
        || token.asText().length() > MAX_TOKEN
        || !B64TOKEN.matcher(token.asText()).matches()
        || type == null
        || !type.asText().equalsIgnoreCase("Bearer")) {
      return Optional.empty();
    }
    Duration lifetime = whenAbsent;
    if (expires != null) {
      if (!expires.isIntegralNumber() || expires.asLong() < 1) {
        return Optional.empty();
      }
      lifetime = Duration.ofSeconds(Math.min(expires.asLong(), MAX_LIFETIME.toSeconds()));
    }
    return Optional.of(new IssuedToken(token.asText(), lifetime));
  }

  /**
   * The {@code error} of an AccessTokenErr (RFC 6749 §5.2: {@code invalid_request}, {@code
   * invalid_client}, {@code invalid_grant}, {@code unauthorized_client}, {@code
   * unsupported_grant_type}, {@code invalid_scope}), printable and short, for a log line.
   */
  public static Optional<String> error(byte[] body) {
    return SbiJson.parseObject(body)
        .map(o -> o.get("error"))
        .filter(JsonNode::isTextual)
        .map(JsonNode::asText)
        .filter(e -> e.matches("^[a-z_]{1,32}$"));
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
