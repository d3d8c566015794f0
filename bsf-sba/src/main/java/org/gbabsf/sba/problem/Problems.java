package org.gbabsf.sba.problem;

import java.util.List;

/**
 * The protocol errors every SBI producer may answer, with their causes from TS 29.500 Table
 * 5.2.7.2-1. That table has no cause for 405, 413, 415 and 501: those carry a title and a detail
 * only. An API's own application errors are built where that API maps its outcomes.
 */
public final class Problems {

  private Problems() {}

  /** 400 for a body that is not the JSON the operation takes. */
  public static Problem invalidMessageFormat(String detail) {
    return Problem.of(400, "Bad Request", "INVALID_MSG_FORMAT", detail);
  }

  /** 400 naming the mandatory attributes that are wrong or missing. */
  public static Problem mandatoryIeIncorrect(List<Problem.InvalidParam> params) {
    return Problem.of(400, "Bad Request", "MANDATORY_IE_INCORRECT", "invalid attributes")
        .withInvalidParams(params);
  }

  /** 400 naming the missing mandatory attributes. */
  public static Problem mandatoryIeMissing(List<Problem.InvalidParam> params) {
    return Problem.of(400, "Bad Request", "MANDATORY_IE_MISSING", "missing attributes")
        .withInvalidParams(params);
  }

  /** 400 naming optional attributes that are wrong. */
  public static Problem optionalIeIncorrect(List<Problem.InvalidParam> params) {
    return Problem.of(400, "Bad Request", "OPTIONAL_IE_INCORRECT", "invalid attributes")
        .withInvalidParams(params);
  }

  /**
   * 403 {@code OPERATION_NOT_ALLOWED} (TS 29.500 Table 5.2.7.2-1) with a detail saying which rule
   * refused the caller: the refusal of Nbsp_GBA and Naanf_AKMA.
   */
  public static Problem operationNotAllowed(String detail) {
    return Problem.of(403, "Forbidden", "OPERATION_NOT_ALLOWED", detail);
  }

  /** 404 for a path no operation of this producer has. */
  public static Problem resourceUriStructureNotFound(String path) {
    return Problem.of(404, "Not Found", "RESOURCE_URI_STRUCTURE_NOT_FOUND", "no resource " + path);
  }

  /** 405 for a known resource and a method it does not take. */
  public static Problem methodNotAllowed(String method) {
    return withoutCause(405, "Method Not Allowed", method + " is not allowed here");
  }

  /** 411 for a request with a body and no content-length. */
  public static Problem lengthRequired() {
    return Problem.of(
        411, "Length Required", "INCORRECT_LENGTH", "a request with a body needs content-length");
  }

  /** 413 for a body larger than the limit. */
  public static Problem payloadTooLarge(long limit) {
    return withoutCause(413, "Payload Too Large", "the body exceeds " + limit + " bytes");
  }

  /** 415 for a body that is not {@code application/json}. */
  public static Problem unsupportedMediaType(String contentType) {
    return withoutCause(
        415, "Unsupported Media Type", "content-type " + contentType + " is not application/json");
  }

  /** 429 when the producer has as many requests in flight as it takes. */
  public static Problem congestionRisk() {
    return Problem.of(
        429, "Too Many Requests", "NF_CONGESTION_RISK", "too many requests in flight");
  }

  /** 500 for a failure of this producer. */
  public static Problem systemFailure(String detail) {
    return Problem.of(500, "Internal Server Error", "SYSTEM_FAILURE", detail);
  }

  /** 501 for an operation not built. */
  public static Problem notImplemented(String detail) {
    return withoutCause(501, "Not Implemented", detail);
  }

  /** 503 when this producer is overloaded (its answers come too late). */
  public static Problem congestion(String detail) {
    return Problem.of(503, "Service Unavailable", "NF_CONGESTION", detail);
  }

  /** 503 when a dependency of this producer (its store) is down or slow: no cause fits. */
  public static Problem serviceUnavailable(String detail) {
    return withoutCause(503, "Service Unavailable", detail);
  }

  /** 400 for a path that is not a valid URI path (a malformed percent escape). */
  public static Problem invalidApi(String detail) {
    return Problem.of(400, "Bad Request", "INVALID_API", detail);
  }

  private static Problem withoutCause(int status, String title, String detail) {
    return new Problem(
        status, title, java.util.Optional.empty(), java.util.Optional.of(detail), List.of());
  }
}
