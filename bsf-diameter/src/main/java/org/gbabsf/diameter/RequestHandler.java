package org.gbabsf.diameter;

import java.util.concurrent.CompletionStage;

/**
 * Answers requests of one application. Called on a stack thread: must not block. A stage that is
 * already complete is answered at once; otherwise the answer is sent when it completes. A stage
 * that never completes leaves the request unanswered (the peer times out).
 */
@FunctionalInterface
public interface RequestHandler {

  /**
   * The answer to {@code request}, which must be a {@link DiameterMessage#answerTo} it; {@code
   * from} is the connected peer that sent it (admitted at CER).
   */
  CompletionStage<DiameterMessage> handle(DiameterMessage request, PeerIdentity from);
}
