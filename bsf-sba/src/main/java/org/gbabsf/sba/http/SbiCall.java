package org.gbabsf.sba.http;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One SBI request a consumer sends, as a value.
 *
 * @param method the HTTP method
 * @param uri the absolute URI ({@code http} for h2c with prior knowledge, {@code https} for h2)
 * @param headers extra request headers by lower-case name (content-type among them)
 * @param body the body (empty for none)
 * @param timeout time for the answer, redirects included
 */
public record SbiCall(
    String method, URI uri, Map<String, String> headers, byte[] body, Duration timeout) {

  /** Copies the map and the body. */
  public SbiCall {
    headers = Map.copyOf(headers);
    body = body.clone();
  }

  /** A POST of JSON. */
  public static SbiCall postJson(URI uri, byte[] json, Duration timeout) {
    return new SbiCall("POST", uri, Map.of("content-type", SbiResponse.JSON), json, timeout);
  }

  /** A GET. */
  public static SbiCall get(URI uri, Duration timeout) {
    return new SbiCall("GET", uri, Map.of(), new byte[0], timeout);
  }

  /** This call to another URI (a redirect's Location). */
  public SbiCall to(URI other) {
    return new SbiCall(method, other, headers, body, timeout);
  }

  /** This call with one more header. */
  public SbiCall withHeader(String lowerCaseName, String value) {
    Map<String, String> h = new LinkedHashMap<>(headers);
    h.put(lowerCaseName, value);
    return new SbiCall(method, uri, h, body, timeout);
  }

  @Override
  public byte[] body() {
    return body.clone();
  }

  /** The body length, without a copy. */
  int bodyLength() {
    return body.length;
  }

  /** The body, not copied: for the transport only. */
  byte[] bodyShared() {
    return body;
  }

  @Override
  public String toString() {
    return method + " " + uri;
  }
}
