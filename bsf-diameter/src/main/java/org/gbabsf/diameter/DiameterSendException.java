package org.gbabsf.diameter;

/**
 * A request could not get an answer. The {@link Kind} tells callers whether another peer may help.
 */
public final class DiameterSendException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Why no answer came. */
  public enum Kind {
    /** No open connection to any peer that can take the request. */
    NO_ROUTE,
    /** The stack is stopping, overloaded, or the transport failed. */
    STACK_UNAVAILABLE,
    /** No answer within the timeout. */
    TIMEOUT
  }

  private final Kind kind;

  /** A failure of {@code kind}. */
  public DiameterSendException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  /** A failure of {@code kind} caused by the stack's exception. */
  public DiameterSendException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  /** The kind. */
  public Kind kind() {
    return kind;
  }
}
