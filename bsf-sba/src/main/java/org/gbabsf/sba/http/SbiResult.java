package org.gbabsf.sba.http;

import java.net.URI;
import java.util.Map;
import java.util.Optional;

/** What became of an {@link SbiCall}, as a value: an answer, or why there is none. */
public sealed interface SbiResult {

  /**
   * The peer answered (any status, redirects already followed).
   *
   * @param status the HTTP status
   * @param headers the answer's headers by lower-case name (first value)
   * @param body the body
   * @param from the URI that answered (after redirects)
   */
  record Answered(int status, Map<String, String> headers, byte[] body, URI from)
      implements SbiResult {
    /** Copies. */
    public Answered {
      headers = Map.copyOf(headers);
      body = body.clone();
    }

    @Override
    public byte[] body() {
      return body.clone();
    }

    /** A header by lower-case name. */
    public Optional<String> header(String name) {
      return Optional.ofNullable(headers.get(name));
    }

    @Override
    public String toString() {
      return "Answered[" + status + " from " + from + ", " + body.length + " bytes]";
    }
  }

  /**
   * No answer.
   *
   * @param failure what went wrong
   * @param detail a short reason for logs, free of key material
   */
  record Failed(Failure failure, String detail) implements SbiResult {
    /** What a caller completes a call with when it no longer needs the answer. */
    public static Failed cancelled() {
      return new Failed(Failure.CANCELLED, "cancelled by the caller");
    }
  }

  /** Why a call has no answer; the value is the {@code reason} tag of its meter. */
  enum Failure {
    /** No connection: refused, unreachable, or the connect timeout passed. */
    CONNECT("connect"),
    /** The TLS handshake failed, or ALPN did not agree on h2. */
    TLS("tls"),
    /** No answer within the call's timeout. */
    TIMEOUT("timeout"),
    /** The stream or the connection was reset or closed before the answer. */
    RESET("reset"),
    /** Every connection to the origin has as many streams open as it allows. */
    BUSY("busy"),
    /** The answer's body was larger than the client takes. */
    TOO_LARGE("too_large"),
    /** More redirects than allowed, or one to a URI the client will not follow. */
    REDIRECT("redirect"),
    /** The caller no longer needs the answer (not a failure of the peer; not counted). */
    CANCELLED("cancelled");

    private final String tag;

    Failure(String tag) {
      this.tag = tag;
    }

    /** The meter tag. */
    public String tag() {
      return tag;
    }
  }
}
