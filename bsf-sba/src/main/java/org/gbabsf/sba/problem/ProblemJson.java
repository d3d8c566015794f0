package org.gbabsf.sba.problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gbabsf.sba.json.SbiJson;

/** ProblemDetails to and from JSON (TS 29.571 §5.2.4.1): pure functions. */
public final class ProblemJson {

  private ProblemJson() {}

  /** The JSON of {@code p}. */
  public static byte[] encode(Problem p) {
    ObjectNode o = SbiJson.object();
    o.put("title", p.title());
    o.put("status", p.status());
    p.detail().ifPresent(d -> o.put("detail", d));
    p.cause().ifPresent(c -> o.put("cause", c));
    if (!p.invalidParams().isEmpty()) {
      ArrayNode a = o.putArray("invalidParams");
      for (Problem.InvalidParam ip : p.invalidParams()) {
        a.addObject().put("param", ip.param()).put("reason", ip.reason());
      }
    }
    return SbiJson.bytes(o);
  }

  /**
   * Reads a peer's ProblemDetails; {@code status} is the HTTP status, used when the body has none.
   * Empty if the body is not a JSON object.
   */
  public static Optional<Problem> decode(int status, byte[] body) {
    return SbiJson.parseObject(body).map(o -> fromTree(status, o));
  }

  private static Problem fromTree(int status, ObjectNode o) {
    List<Problem.InvalidParam> params = new ArrayList<>();
    JsonNode ips = o.path("invalidParams");
    for (JsonNode ip : ips) {
      params.add(
          new Problem.InvalidParam(ip.path("param").asText(""), ip.path("reason").asText("")));
    }
    return new Problem(
        status, o.path("title").asText(""), text(o, "cause"), text(o, "detail"), params);
  }

  private static Optional<String> text(ObjectNode o, String field) {
    JsonNode n = o.get(field);
    return n != null && n.isTextual() ? Optional.of(n.asText()) : Optional.empty();
  }
}
