package org.gbabsf.sba.nrf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Optional;
import org.gbabsf.sba.json.SbiJson;

/**
 * Nnrf_NFManagement (TS 29.510 §5.2.2, §6.1) as pure functions: the NFProfile an NF registers
 * (RegisterNFInstance, PUT), the heartbeat (UpdateNFInstance, PATCH with a JSON Patch) and the
 * heartBeatTimer the NRF grants in its answers.
 */
public final class NfProfileCodec {

  /** NFStatus and NFServiceStatus of a registered NF. */
  public static final String REGISTERED = "REGISTERED";

  /** The media type of a heartbeat (RFC 6902, TS 29.510 §6.1.3.3.3.2). */
  public static final String JSON_PATCH = "application/json-patch+json";

  /** The URI version of every API here. */
  public static final String API_VERSION_IN_URI = "v1";

  private NfProfileCodec() {}

  /**
   * The NFProfile of a registration: nfInstanceId, nfType, nfStatus REGISTERED, heartBeatTimer,
   * fqdn and/or ipv4Addresses, and each service in {@code nfServiceList} (keyed by its
   * serviceInstanceId) and in the deprecated {@code nfServices}, which NRFs of earlier releases
   * read: versions [{v1, apiFullVersion}], scheme, nfServiceStatus REGISTERED, the FQDN, and
   * ipEndPoints with the port (and the address); for an AAnF with routing indicators, {@code
   * aanfInfoList} (TS 29.510 NFProfile, a map of AanfInfo) with one entry that lists them.
   */
  public static byte[] encode(NfProfile p) {
    ObjectNode o = SbiJson.object();
    o.put("nfInstanceId", p.nfInstanceId());
    o.put("nfType", p.nfType());
    o.put("nfStatus", REGISTERED);
    o.put("heartBeatTimer", p.heartBeat().toSeconds());
    p.fqdn().ifPresent(f -> o.put("fqdn", f));
    p.ipv4Address().ifPresent(a -> o.putArray("ipv4Addresses").add(a));
    ObjectNode list = o.putObject("nfServiceList");
    ArrayNode array = o.putArray("nfServices");
    for (NfProfile.Service s : p.services()) {
      ObjectNode service = service(p, s);
      list.set(s.name(), service);
      array.add(service.deepCopy());
    }
    if (!p.routingIndicators().isEmpty()) {
      ArrayNode rids = o.putObject("aanfInfoList").putObject("1").putArray("routingIndicators");
      p.routingIndicators().forEach(rids::add);
    }
    return SbiJson.bytes(o);
  }

  private static ObjectNode service(NfProfile p, NfProfile.Service s) {
    ObjectNode o = SbiJson.object();
    o.put("serviceInstanceId", s.name());
    o.put("serviceName", s.name());
    ObjectNode version = o.putArray("versions").addObject();
    version.put("apiVersionInUri", API_VERSION_IN_URI);
    version.put("apiFullVersion", s.apiFullVersion());
    o.put("scheme", s.scheme());
    o.put("nfServiceStatus", REGISTERED);
    p.fqdn().ifPresent(f -> o.put("fqdn", f));
    ObjectNode endpoint = o.putArray("ipEndPoints").addObject();
    p.ipv4Address().ifPresent(a -> endpoint.put("ipv4Address", a));
    endpoint.put("transport", "TCP");
    endpoint.put("port", s.port());
    s.apiPrefix().ifPresent(prefix -> o.put("apiPrefix", prefix));
    return o;
  }

  /** The heartbeat: {@code [{"op":"replace","path":"/nfStatus","value":"REGISTERED"}]}. */
  public static byte[] heartbeat() {
    ArrayNode patch = SbiJson.mapper().createArrayNode();
    patch.addObject().put("op", "replace").put("path", "/nfStatus").put("value", REGISTERED);
    return SbiJson.bytes(patch);
  }

  /**
   * The heartBeatTimer of an NFProfile the NRF answered (to a registration, or to a heartbeat
   * answered with 200): empty when the body has none, or is no NFProfile. A value is whole seconds
   * from 1 to {@code max}: a larger one is cut to {@code max} (an NRF must not make the BSF silent
   * for a day).
   */
  public static Optional<Duration> grantedHeartBeat(byte[] body, Duration max) {
    Optional<ObjectNode> o = SbiJson.parseObject(body);
    JsonNode timer = o.map(n -> n.get("heartBeatTimer")).orElse(null);
    if (timer == null || !timer.isIntegralNumber() || timer.asLong() < 1) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofSeconds(Math.min(timer.asLong(), Math.max(1, max.toSeconds()))));
  }
}
