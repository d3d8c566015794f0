package org.gbabsf.sba.sim;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.gbabsf.sba.http.SbiRequest;
import org.gbabsf.sba.http.SbiResponse;
import org.gbabsf.sba.http.SbiRoutes;
import org.gbabsf.sba.json.SbiJson;
import org.gbabsf.sba.nrf.AccessTokenCodec;
import org.gbabsf.sba.nrf.NfProfileCodec;
import org.gbabsf.sba.problem.Problem;
import org.gbabsf.sba.problem.Problems;

/**
 * An NRF for tests, the demo and load (TS 29.510), on {@link SbiRoutes}: an NF registry
 * (RegisterNFInstance PUT, heartbeat PATCH, DeregisterNFInstance DELETE; every registration is
 * granted this simulator's heartBeatTimer), discovery over what is registered (SearchNFInstances by
 * {@code target-nf-type} and {@code service-names}: REGISTERED profiles of that type with at least
 * one of those services) and the token endpoint ({@code POST /oauth2/token}, a form, answered with
 * a token of a {@link SimulatedNrf}, for {@code targetNfInstanceId} or else {@code targetNfType}).
 * Profiles are stored as sent; nothing expires (a missed heartbeat is only counted). Profiles of
 * other NFs (HSS simulators) can be registered in-process with {@link #register}.
 */
public final class NrfSimulator {

  /**
   * How it answers.
   *
   * @param heartBeat the heartBeatTimer every registration is granted
   * @param validity the validityPeriod of discovery results
   * @param tokenLifetime the lifetime of tokens ({@code expires_in})
   */
  public record Settings(Duration heartBeat, Duration validity, Duration tokenLifetime) {
    /** 60 s heartbeat, 60 s validity, 1 h tokens. */
    public static Settings defaults() {
      return new Settings(Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofHours(1));
    }
  }

  private static final String INSTANCE = "/nnrf-nfm/v1/nf-instances/{nfInstanceID}";

  private final SimulatedNrf tokens;
  private final Settings settings;
  private final Map<String, ObjectNode> profiles = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> heartbeats = new ConcurrentHashMap<>();
  private final AtomicInteger issued = new AtomicInteger();
  private final AtomicInteger searches = new AtomicInteger();

  /** An NRF issuing tokens of {@code tokens}. */
  public NrfSimulator(SimulatedNrf tokens, Settings settings) {
    this.tokens = tokens;
    this.settings = settings;
  }

  /** The token side (its key verifies the tokens issued here). */
  public SimulatedNrf tokens() {
    return tokens;
  }

  /** NFManagement (PUT, PATCH, DELETE), NFDiscovery (GET) and the token endpoint (POST). */
  public SbiRoutes routes() {
    return SbiRoutes.of(
        List.of(
            new SbiRoutes.Route("PUT", INSTANCE, "nnrf-nfm", this::put),
            new SbiRoutes.Route("PATCH", INSTANCE, "nnrf-nfm", this::patch),
            new SbiRoutes.Route("DELETE", INSTANCE, "nnrf-nfm", this::delete),
            new SbiRoutes.Route("GET", "/nnrf-disc/v1/nf-instances", "nnrf-disc", this::search),
            new SbiRoutes.Route(
                "POST",
                "/oauth2/token",
                "nnrf-oauth2",
                this::token,
                Set.of(AccessTokenCodec.FORM))));
  }

  /** Registers an NFProfile in-process (e.g. an HSS simulator's); false if it is no profile. */
  public boolean register(byte[] profile) {
    Optional<ObjectNode> o = SbiJson.parseObject(profile);
    if (o.isEmpty() || !o.get().path("nfInstanceId").isTextual()) {
      return false;
    }
    profiles.put(o.get().get("nfInstanceId").asText(), o.get());
    return true;
  }

  /** Removes a profile in-process; false if there was none. */
  public boolean deregister(String nfInstanceId) {
    return profiles.remove(nfInstanceId) != null;
  }

  /** A copy of the profile registered as {@code nfInstanceId}, if any. */
  public Optional<ObjectNode> profile(String nfInstanceId) {
    return Optional.ofNullable(profiles.get(nfInstanceId)).map(ObjectNode::deepCopy);
  }

  /** Heartbeats received for {@code nfInstanceId}. */
  public int heartbeats(String nfInstanceId) {
    AtomicInteger n = heartbeats.get(nfInstanceId);
    return n == null ? 0 : n.get();
  }

  /** Tokens issued so far. */
  public int tokensIssued() {
    return issued.get();
  }

  /** Discovery requests answered so far. */
  public int searches() {
    return searches.get();
  }

  private CompletionStage<SbiResponse> put(SbiRequest r) {
    String id = r.pathParam("nfInstanceID");
    Optional<ObjectNode> body = SbiJson.parseObject(r.body());
    if (body.isEmpty()) {
      return now(SbiResponse.problem(Problems.invalidMessageFormat("not a JSON object")));
    }
    List<Problem.InvalidParam> missing = new ArrayList<>();
    for (String name : List.of("nfInstanceId", "nfType", "nfStatus")) {
      if (!body.get().path(name).isTextual()) {
        missing.add(new Problem.InvalidParam("/" + name, "missing"));
      }
    }
    if (!missing.isEmpty()) {
      return now(SbiResponse.problem(Problems.mandatoryIeMissing(missing)));
    }
    if (!body.get().get("nfInstanceId").asText().equals(id)) {
      return now(
          SbiResponse.problem(
              Problems.mandatoryIeIncorrect(
                  List.of(new Problem.InvalidParam("/nfInstanceId", "not the path's")))));
    }
    ObjectNode stored = body.get();
    stored.put("heartBeatTimer", settings.heartBeat().toSeconds());
    boolean replaced = profiles.put(id, stored) != null;
    SbiResponse answer = SbiResponse.json(replaced ? 200 : 201, SbiJson.bytes(stored));
    return now(
        replaced ? answer : answer.withHeader("location", "/nnrf-nfm/v1/nf-instances/" + id));
  }

  private CompletionStage<SbiResponse> patch(SbiRequest r) {
    String id = r.pathParam("nfInstanceID");
    ObjectNode profile = profiles.get(id);
    if (profile == null) {
      return now(notFound(id));
    }
    JsonNode items;
    try {
      items = SbiJson.mapper().readTree(r.body());
    } catch (IOException notJson) {
      return now(SbiResponse.problem(Problems.invalidMessageFormat("not a JSON Patch")));
    }
    if (items == null || !items.isArray() || items.isEmpty()) {
      return now(SbiResponse.problem(Problems.invalidMessageFormat("not a JSON Patch")));
    }
    synchronized (profile) {
      for (JsonNode item : items) {
        String path = item.path("path").asText("");
        String op = item.path("op").asText("");
        if ((op.equals("replace") || op.equals("add"))
            && path.matches("^/[A-Za-z0-9]+$")
            && item.has("value")) {
          profile.set(path.substring(1), item.get("value"));
        }
      }
    }
    heartbeats.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
    return now(SbiResponse.empty(204));
  }

  private CompletionStage<SbiResponse> delete(SbiRequest r) {
    String id = r.pathParam("nfInstanceID");
    return now(profiles.remove(id) == null ? notFound(id) : SbiResponse.empty(204));
  }

  private CompletionStage<SbiResponse> search(SbiRequest r) {
    List<Problem.InvalidParam> missing = new ArrayList<>();
    for (String name : List.of("target-nf-type", "requester-nf-type")) {
      if (first(r, name).isEmpty()) {
        missing.add(new Problem.InvalidParam(name, "missing"));
      }
    }
    if (!missing.isEmpty()) {
      return now(SbiResponse.problem(Problems.mandatoryIeMissing(missing)));
    }
    String type = first(r, "target-nf-type").orElseThrow();
    List<String> names = new ArrayList<>();
    r.query()
        .getOrDefault("service-names", List.of())
        .forEach(v -> names.addAll(List.of(v.split(","))));
    ObjectNode result = SbiJson.object();
    result.put("validityPeriod", settings.validity().toSeconds());
    ArrayNode instances = result.putArray("nfInstances");
    for (ObjectNode p : profiles.values()) {
      if (type.equals(p.path("nfType").asText())
          && NfProfileCodec.REGISTERED.equals(p.path("nfStatus").asText())
          && (names.isEmpty() || offersAny(p, names))) {
        synchronized (p) {
          instances.add(p.deepCopy());
        }
      }
    }
    searches.incrementAndGet();
    return now(SbiResponse.json(200, SbiJson.bytes(result)));
  }

  private static boolean offersAny(ObjectNode profile, List<String> names) {
    List<JsonNode> services = new ArrayList<>();
    profile.path("nfServiceList").forEach(services::add);
    profile.path("nfServices").forEach(services::add);
    for (JsonNode s : services) {
      if (names.contains(s.path("serviceName").asText())) {
        return true;
      }
    }
    return false;
  }

  private CompletionStage<SbiResponse> token(SbiRequest r) {
    Map<String, String> form = form(new String(r.body(), StandardCharsets.UTF_8));
    if (form == null) {
      return now(tokenError("invalid_request"));
    }
    if (!"client_credentials".equals(form.get("grant_type"))) {
      return now(tokenError("unsupported_grant_type"));
    }
    String subject = form.get("nfInstanceId");
    String scope = form.get("scope");
    String audience = form.getOrDefault("targetNfInstanceId", form.get("targetNfType"));
    if (subject == null || scope == null || audience == null) {
      return now(tokenError("invalid_request"));
    }
    String token = tokens.token(subject, audience, scope, settings.tokenLifetime());
    issued.incrementAndGet();
    ObjectNode o = SbiJson.object();
    o.put("access_token", token);
    o.put("token_type", "Bearer");
    o.put("expires_in", settings.tokenLifetime().toSeconds());
    o.put("scope", scope);
    return now(
        SbiResponse.json(200, SbiJson.bytes(o))
            .withHeader("cache-control", "no-store")
            .withHeader("pragma", "no-cache"));
  }

  /** An application/x-www-form-urlencoded body, or null if it is not one (or a name repeats). */
  private static Map<String, String> form(String body) {
    Map<String, String> out = new HashMap<>();
    for (String pair : body.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      try {
        String name =
            URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        String value =
            eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        if (out.put(name, value) != null) {
          return null;
        }
      } catch (IllegalArgumentException badEscape) {
        return null;
      }
    }
    return out;
  }

  private static SbiResponse tokenError(String error) {
    return SbiResponse.json(400, SbiJson.bytes(SbiJson.object().put("error", error)))
        .withHeader("cache-control", "no-store")
        .withHeader("pragma", "no-cache");
  }

  private static Optional<String> first(SbiRequest r, String name) {
    List<String> values = r.query().get(name);
    return values == null || values.isEmpty() || values.get(0).isEmpty()
        ? Optional.empty()
        : Optional.of(values.get(0));
  }

  private static SbiResponse notFound(String id) {
    return SbiResponse.problem(
        new Problem(
            404, "Not Found", Optional.empty(), Optional.of("no NF instance " + id), List.of()));
  }

  private static CompletionStage<SbiResponse> now(SbiResponse r) {
    return CompletableFuture.completedFuture(r);
  }
}
