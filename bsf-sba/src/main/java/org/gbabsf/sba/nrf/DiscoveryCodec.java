package org.gbabsf.sba.nrf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gbabsf.sba.CommonTypes;
import org.gbabsf.sba.json.SbiJson;

/**
 * Nnrf_NFDiscovery (TS 29.510 §5.3.2.2, §6.2) as pure functions: the query of SearchNFInstances and
 * the apiRoots of the instances its SearchResult lists. The NRF is a peer like any other: what it
 * answers is checked, and what cannot be used is left out.
 */
public final class DiscoveryCodec {

  /** The most instances taken from one answer. */
  static final int MAX_INSTANCES = 32;

  /** Priority of a service or profile that gives none: after every one that does. */
  private static final int NO_PRIORITY = 65_536;

  private DiscoveryCodec() {}

  /**
   * What is looked for.
   *
   * @param nfType the target NF type, e.g. {@code HSS}
   * @param serviceName the service it must offer, e.g. {@code nhss-gba-ueau}
   */
  public record Target(String nfType, String serviceName) {
    /** Checks the values. */
    public Target {
      if (!CommonTypes.isNfType(nfType) || !CommonTypes.isServiceName(serviceName)) {
        throw new IllegalArgumentException("not an NF type and a service name");
      }
    }
  }

  /**
   * What a SearchResult gave.
   *
   * @param apiRoots the instances' apiRoots offering the service in v1, in order of preference:
   *     priority (lowest first), then capacity (highest first), then the NRF's order
   * @param validity how long the NRF says the result may be used ({@code validityPeriod})
   */
  public record Discovered(List<URI> apiRoots, Duration validity) {
    /** Copies the list. */
    public Discovered {
      apiRoots = List.copyOf(apiRoots);
    }
  }

  /**
   * The query string of SearchNFInstances: {@code target-nf-type}, {@code requester-nf-type},
   * {@code service-names} and, when known, {@code requester-nf-instance-id}.
   */
  public static String query(Target t, String requesterNfType, Optional<String> requesterId) {
    StringBuilder q = new StringBuilder();
    q.append("target-nf-type=").append(encode(t.nfType()));
    q.append("&requester-nf-type=").append(encode(requesterNfType));
    q.append("&service-names=").append(encode(t.serviceName()));
    requesterId.ifPresent(id -> q.append("&requester-nf-instance-id=").append(encode(id)));
    return q.toString();
  }

  /**
   * The instances of a SearchResult that offer {@code t}'s service: profiles whose nfType is {@code
   * t}'s and whose nfStatus is REGISTERED, services (from {@code nfServiceList}, else {@code
   * nfServices}) with that name, nfServiceStatus REGISTERED, a version {@code v1}, scheme http or
   * https. Each service gives the apiRoot {@code scheme://fqdn:port[apiPrefix]} (the service's
   * FQDN, else the profile's; the port of its first ipEndPoint, else the scheme's) or, without an
   * FQDN, one per address of its ipEndPoints, else of the profile's addresses. Empty if the body is
   * no SearchResult (no {@code validityPeriod} or {@code nfInstances}).
   */
  public static Optional<Discovered> searchResult(byte[] body, Target t) {
    Optional<ObjectNode> o = SbiJson.parseObject(body);
    if (o.isEmpty()) {
      return Optional.empty();
    }
    JsonNode validity = o.get().get("validityPeriod");
    JsonNode instances = o.get().get("nfInstances");
    if (validity == null
        || !validity.isIntegralNumber()
        || instances == null
        || !instances.isArray()) {
      return Optional.empty();
    }
    List<Candidate> candidates = new ArrayList<>();
    for (JsonNode profile : instances) {
      if (profile.isObject()
          && t.nfType().equals(profile.path("nfType").asText())
          && NfProfileCodec.REGISTERED.equals(profile.path("nfStatus").asText())) {
        for (JsonNode service : services(profile)) {
          if (offers(service, t)) {
            for (URI root : apiRoots(profile, service)) {
              candidates.add(
                  new Candidate(
                      number(service, "priority", number(profile, "priority", NO_PRIORITY)),
                      number(service, "capacity", number(profile, "capacity", 0)),
                      candidates.size(),
                      root));
            }
          }
        }
      }
    }
    candidates.sort(
        Comparator.comparingInt(Candidate::priority)
            .thenComparing(Comparator.comparingInt(Candidate::capacity).reversed())
            .thenComparingInt(Candidate::order));
    Set<URI> roots = new LinkedHashSet<>();
    for (Candidate c : candidates) {
      if (roots.size() == MAX_INSTANCES) {
        break;
      }
      roots.add(c.root());
    }
    return Optional.of(
        new Discovered(List.copyOf(roots), Duration.ofSeconds(Math.max(0, validity.asLong()))));
  }

  private record Candidate(int priority, int capacity, int order, URI root) {}

  private static List<JsonNode> services(JsonNode profile) {
    List<JsonNode> out = new ArrayList<>();
    JsonNode map = profile.get("nfServiceList");
    JsonNode list = map != null && map.isObject() ? map : profile.get("nfServices");
    if (list != null && (list.isObject() || list.isArray())) {
      list.forEach(
          s -> {
            if (s.isObject()) {
              out.add(s);
            }
          });
    }
    return out;
  }

  private static boolean offers(JsonNode service, Target t) {
    if (!t.serviceName().equals(service.path("serviceName").asText())
        || !NfProfileCodec.REGISTERED.equals(service.path("nfServiceStatus").asText())) {
      return false;
    }
    for (JsonNode v : service.path("versions")) {
      if (NfProfileCodec.API_VERSION_IN_URI.equals(v.path("apiVersionInUri").asText())) {
        return true;
      }
    }
    return false;
  }

  private static List<URI> apiRoots(JsonNode profile, JsonNode service) {
    String scheme = service.path("scheme").asText();
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return List.of();
    }
    JsonNode prefixNode = service.get("apiPrefix");
    String prefix = prefixNode == null ? "" : prefixNode.asText();
    if (!prefix.isEmpty() && !prefix.equals("/") && !NfProfile.isApiPrefix(prefix)) {
      return List.of();
    }
    String path = prefix.length() > 1 ? prefix : null;
    int defaultPort = scheme.equals("https") ? 443 : 80;
    List<JsonNode> endpoints = new ArrayList<>();
    service
        .path("ipEndPoints")
        .forEach(
            e -> {
              if (e.isObject()) {
                endpoints.add(e);
              }
            });
    Optional<String> fqdn = text(service, "fqdn").or(() -> text(profile, "fqdn"));
    if (fqdn.isPresent()) {
      if (!CommonTypes.isFqdn(fqdn.get())) {
        return List.of();
      }
      int port = endpoints.isEmpty() ? defaultPort : port(endpoints.get(0), defaultPort);
      return uri(scheme, fqdn.get(), port, path).map(List::of).orElse(List.of());
    }
    List<URI> out = new ArrayList<>();
    for (JsonNode e : endpoints) {
      address(e.path("ipv4Address").asText(""), e.path("ipv6Address").asText(""))
          .flatMap(host -> uri(scheme, host, port(e, defaultPort), path))
          .ifPresent(out::add);
    }
    if (endpoints.isEmpty()) {
      for (JsonNode a : profile.path("ipv4Addresses")) {
        address(a.asText(""), "")
            .flatMap(h -> uri(scheme, h, defaultPort, path))
            .ifPresent(out::add);
      }
      for (JsonNode a : profile.path("ipv6Addresses")) {
        address("", a.asText(""))
            .flatMap(h -> uri(scheme, h, defaultPort, path))
            .ifPresent(out::add);
      }
    }
    return out;
  }

  private static Optional<String> text(JsonNode node, String name) {
    JsonNode n = node.get(name);
    return n != null && n.isTextual() ? Optional.of(n.asText()) : Optional.empty();
  }

  private static Optional<String> address(String ipv4, String ipv6) {
    if (NfProfile.isIpv4(ipv4)) {
      return Optional.of(ipv4);
    }
    if (ipv6.indexOf(':') >= 0 && ipv6.matches("^[0-9A-Fa-f:.]{2,45}$")) {
      return Optional.of(ipv6);
    }
    return Optional.empty();
  }

  /** The port of an IpEndPoint, or {@code otherwise} when it gives none (0 is none too). */
  private static int port(JsonNode endpoint, int otherwise) {
    JsonNode p = endpoint.get("port");
    return p != null && p.isIntegralNumber() && p.asInt() >= 1 && p.asInt() <= 65535
        ? p.asInt()
        : otherwise;
  }

  private static Optional<URI> uri(String scheme, String host, int port, String path) {
    try {
      return Optional.of(new URI(scheme, null, host, port, path, null, null));
    } catch (URISyntaxException bad) {
      return Optional.empty();
    }
  }

  private static int number(JsonNode node, String name, int otherwise) {
    JsonNode n = node.get(name);
    return n != null && n.isIntegralNumber() && n.asInt() >= 0 && n.asInt() <= 65535
        ? n.asInt()
        : otherwise;
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
