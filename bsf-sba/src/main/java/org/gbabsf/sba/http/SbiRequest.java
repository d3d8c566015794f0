package org.gbabsf.sba.http;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One SBI request, complete, as a value: what a {@link SbiService} sees. The transport has already
 * checked the generic rules (route, length, size, media type), so a service only deals with its own
 * body.
 *
 * @param method the HTTP method, upper case
 * @param path the request path without the query, as sent (percent-encoded)
 * @param query the query parameters
 * @param headers request headers by lower-case name (the first value of each)
 * @param body the request body (empty for none)
 * @param peer who sent it
 * @param pathParams the values of the route template's {@code {name}} segments
 */
public record SbiRequest(
    String method,
    String path,
    Map<String, List<String>> query,
    Map<String, String> headers,
    byte[] body,
    SbiPeer peer,
    Map<String, String> pathParams) {

  /** Copies the collections. */
  public SbiRequest {
    query = Map.copyOf(query);
    headers = Map.copyOf(headers);
    body = body.clone();
    pathParams = Map.copyOf(pathParams);
  }

  /** A header by lower-case name. */
  public Optional<String> header(String lowerCaseName) {
    return Optional.ofNullable(headers.get(lowerCaseName));
  }

  /** A path parameter of the matched route. */
  public String pathParam(String name) {
    String v = pathParams.get(name);
    if (v == null) {
      throw new IllegalArgumentException("no path parameter " + name);
    }
    return v;
  }

  /** The same request with the route's path parameters. */
  public SbiRequest withPathParams(Map<String, String> params) {
    return new SbiRequest(method, path, query, headers, body, peer, params);
  }

  @Override
  public byte[] body() {
    return body.clone();
  }

  @Override
  public String toString() {
    return method + " " + path + " (" + body.length + " bytes) from " + peer.address();
  }
}
