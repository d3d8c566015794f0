package org.gbabsf.http.client;

import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Sends Ub GETs to a BSF: one connection ({@link UbClient}) or several ({@link FailoverUbClient}).
 */
public interface UbTransport extends AutoCloseable {

  /** Sends {@code GET uri} with {@code headers}; fails with an {@code IOException} if no answer. */
  CompletionStage<UbClient.Response> get(String uri, Map<String, String> headers);

  /** Closes the connections; pending requests fail. */
  @Override
  void close();
}
