package org.gbabsf.sba.http;

import java.util.concurrent.CompletionStage;

/**
 * What serves one SBI operation. The stage should never complete exceptionally: every outcome is an
 * answer (the server answers 500 with a ProblemDetails if it does, and counts it).
 */
@FunctionalInterface
public interface SbiService {

  /** Answers {@code request}. Called on an event loop: never block. */
  CompletionStage<SbiResponse> handle(SbiRequest request);
}
