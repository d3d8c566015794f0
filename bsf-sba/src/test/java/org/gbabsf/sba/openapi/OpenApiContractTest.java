package org.gbabsf.sba.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gbabsf.sba.openapi.OpenApiContract.COMMON_DATA;
import static org.gbabsf.sba.openapi.OpenApiContract.NBSP_GBA;
import static org.gbabsf.sba.openapi.OpenApiContract.NHSS_GBA_SDM;
import static org.gbabsf.sba.openapi.OpenApiContract.NHSS_GBA_UEAU;
import static org.gbabsf.sba.openapi.OpenApiContract.NUDM_UEAU;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ArgumentCountValidationMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class OpenApiContractTest {

  private static final OpenApiContract CONTRACT = OpenApiContract.shared();

  private static final String NUDM_SDM = "TS29503_Nudm_SDM.yaml";

  private static final String JSON = "application/json";
  private static final String PROBLEM = "application/problem+json";

  private static final String BOOTSTRAP = "/bootstrapping-info-retrieval";
  private static final String GENERATE_AUTH_DATA =
      "/impi-alice@ims.example.org/security-information/generate-auth-data";
  private static final String SUBSCRIBER_DATA = "/impi-alice@ims.example.org/subscriber-data";
  private static final String GENERATE_AV =
      "/imsi-001010123456789/gba-security-information/generate-av";

  private static final String RG = "/suci-0-001-01-0-0-0-0123456789/security-information-rg";

  private static final String RAND = "23553cbe9637a89d218ae64dae47bf35";
  private static final String AUTN = "aa689c648370000051b3e1e9b5b4b5b6";
  private static final String AUTS = "0123456789abcdef0123456789ab";
  private static final String CK = "b40ba9a3c58b2a05bbf0d987b21bf8cb";
  private static final String IK = "f769bcd751044604127672711c6d3441";
  private static final String KS_NAF =
      "d4bcc1d30ed5b3f92db5ced018cb02aa117e8a2cd253235679570a94c5db2428";

  private static final String NAF_ID =
      "{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"0100000002\"}";
  private static final String USS_LIST =
      "[{\"uss\":{\"gsId\":1,\"gsType\":1,\"ueIds\":[{\"ueId\":\"sip:alice@ims.example.org\"}],"
          + "\"flags\":[{\"flag\":1}],\"keyChoice\":\"ME_BASED_KEY\"}}]";

  private static String akaAv(String xres, String ck) {
    return "{\"rand\":\""
        + RAND
        + "\",\"xres\":\""
        + xres
        + "\",\"autn\":\""
        + AUTN
        + "\",\"ck\":\""
        + ck
        + "\",\"ik\":\""
        + IK
        + "\"}";
  }

  private static String problem(int status) {
    return "{\"type\":\"https://example.org/problems/gba\",\"title\":\"GBA problem\",\"status\":"
        + status
        + ",\"detail\":\"see cause\",\"instance\":\"/nbsp-gba/v1/bootstrapping-info-retrieval\","
        + "\"cause\":\"USER_NOT_FOUND\","
        + "\"invalidParams\":[{\"param\":\"/btId\",\"reason\":\"unknown B-TID\"}]}";
  }

  private static byte[] bytes(String text) {
    return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
  }

  // -----------------------------------------------------------------------------------------------
  // Requests

  static Stream<Arguments> validRequests() {
    return Stream.of(
        arguments(
            "Nbsp BootstrappingInfoRequest",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":\"I1VTvJY3qJ0hiuZNrke/NQ==@bsf.example.org\",\"nafId\":" + NAF_ID + "}"),
        arguments(
            "Nbsp BootstrappingInfoRequest with gbaUAware, gsIds and a member the schema ignores",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            "application/json; charset=utf-8",
            "{\"btId\":\"b@bsf.example.org\",\"nafId\":"
                + NAF_ID
                + ",\"gbaUAware\":true,\"gsIds\":[1,4294967295],\"x\":1}"),
        arguments(
            "Nbsp with the apiRoot path of the server",
            NBSP_GBA,
            "post",
            "/nbsp-gba/v1" + BOOTSTRAP,
            JSON,
            "{\"btId\":\"b@bsf.example.org\",\"nafId\":" + NAF_ID + "}"),
        arguments(
            "N65 AuthenticationInfoRequest DIGEST_AKAV1_MD5 with resynchronizationInfo",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            JSON,
            "{\"authenticationScheme\":\"DIGEST_AKAV1_MD5\",\"resynchronizationInfo\":"
                + "{\"rand\":\""
                + RAND
                + "\",\"auts\":\""
                + AUTS
                + "\"},\"supportedFeatures\":\"0\"}"),
        arguments(
            "N65 AuthenticationInfoRequest with a scheme of a later release",
            NHSS_GBA_UEAU,
            "POST",
            "/impi-alice%40ims.example.org/security-information/generate-auth-data",
            JSON,
            "{\"authenticationScheme\":\"DIGEST_AKAV2_SHA256\"}"),
        arguments(
            "N65 GET subscriber-data without body",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA,
            null,
            null),
        arguments(
            "N65 GET subscriber-data by MSISDN with supported-features",
            NHSS_GBA_SDM,
            "GET",
            "/msisdn-33612345678/subscriber-data?supported-features=1a",
            null,
            null),
        arguments(
            "N65 GbaSdmSubscription",
            NHSS_GBA_SDM,
            "POST",
            "/impi-alice@ims.example.org/subscriptions",
            JSON,
            "{\"nfInstanceId\":\"2ec4a0e2-4a4f-4c1e-9d61-6d0cbd5b1f43\","
                + "\"callbackReference\":\"https://bsf.example.org/cb\","
                + "\"monitoredResourceUris\":[\"https://hss.example.org/x\"],"
                + "\"expires\":\"2026-03-01T10:00:00.5+01:00\"}"),
        arguments(
            "N68 GbaAuthenticationInfoRequest",
            NUDM_UEAU,
            "POST",
            GENERATE_AV,
            JSON,
            "{\"authType\":\"DIGEST_AKAV1_MD5\"}"),
        arguments(
            "N68 GbaAuthenticationInfoRequest with resynchronizationInfo, full path",
            NUDM_UEAU,
            "POST",
            "https://udm.example.org/nudm-ueau/v1" + GENERATE_AV,
            JSON,
            "{\"authType\":\"DIGEST_AKAV1_MD5\",\"resynchronizationInfo\":{\"rand\":\""
                + RAND
                + "\",\"auts\":\""
                + AUTS
                + "\"}}"),
        arguments(
            "N68 GET security-information-rg with boolean and JSON query parameters",
            NUDM_UEAU,
            "GET",
            RG
                + "?authenticated-ind=true&supported-features=&plmn-id="
                + "%7B%22mcc%22%3A%22001%22%2C%22mnc%22%3A%2201%22%7D",
            null,
            null));
  }

  @ParameterizedTest(name = "{0}", argumentCountValidation = ArgumentCountValidationMode.STRICT)
  @MethodSource("validRequests")
  void should_accept_request_when_it_matches_the_openapi_file(
      String name, String file, String method, String path, String contentType, String body) {
    assertThat(CONTRACT.requestErrors(file, method, path, contentType, bytes(body))).isEmpty();
  }

  static Stream<Arguments> invalidRequests() {
    return Stream.of(
        arguments(
            "Nbsp uaSecProtId of 9 hex digits",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":\"b@bsf.example.org\",\"nafId\":"
                + "{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"010000000\"}}",
            List.of("request body at /nafId/uaSecProtId", "^[A-Fa-f0-9]{10}$")),
        arguments(
            "Nbsp missing btId",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"nafId\":" + NAF_ID + "}",
            List.of("request body at (root)", "btId")),
        arguments(
            "Nbsp nafFqdn not an FQDN",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":\"b@bsf.example.org\",\"nafId\":"
                + "{\"nafFqdn\":\"naf\",\"uaSecProtId\":\"0100000002\"}}",
            List.of("at /nafId/nafFqdn")),
        arguments(
            "Nbsp gsIds empty",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":\"b@bsf.example.org\",\"nafId\":" + NAF_ID + ",\"gsIds\":[]}",
            List.of("at /gsIds")),
        arguments(
            "Nbsp gsId above Uint32",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":\"b@bsf.example.org\",\"nafId\":" + NAF_ID + ",\"gsIds\":[4294967296]}",
            List.of("at /gsIds/0", "4294967295")),
        arguments(
            "Nbsp btId a number",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":12,\"nafId\":" + NAF_ID + "}",
            List.of("at /btId", "string")),
        arguments(
            "Nbsp body not JSON",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":",
            List.of("request body: not JSON")),
        arguments(
            "Nbsp duplicate member",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            JSON,
            "{\"btId\":\"a@b.example.org\",\"btId\":\"c@b.example.org\",\"nafId\":" + NAF_ID + "}",
            List.of("not JSON", "btId")),
        arguments(
            "Nbsp Content-Type not declared",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            "text/plain",
            "{}",
            List.of("Content-Type text/plain is not declared (declared: application/json)")),
        arguments(
            "Nbsp body missing",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            null,
            null,
            List.of("request body: required by the operation, but none was sent")),
        arguments(
            "Nbsp unknown path",
            NBSP_GBA,
            "POST",
            "/bootstrapping-info",
            JSON,
            "{}",
            List.of("no path of TS29309_Nbsp_GBA.yaml matches '/bootstrapping-info'")),
        arguments(
            "Nbsp method not defined",
            NBSP_GBA,
            "GET",
            BOOTSTRAP,
            null,
            null,
            List.of("GET /bootstrapping-info-retrieval: GET is not defined", "(defined: POST)")),
        arguments(
            "N65 auts of 26 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            JSON,
            "{\"authenticationScheme\":\"DIGEST_AKAV1_MD5\",\"resynchronizationInfo\":"
                + "{\"rand\":\""
                + RAND
                + "\",\"auts\":\""
                + AUTS.substring(2)
                + "\"}}",
            List.of("at /resynchronizationInfo/auts", "^[A-Fa-f0-9]{28}$")),
        arguments(
            "N65 resynchronizationInfo without rand",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            JSON,
            "{\"resynchronizationInfo\":{\"auts\":\"" + AUTS + "\"}}",
            List.of("at /resynchronizationInfo", "rand")),
        arguments(
            "N65 authenticationScheme not a string",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            JSON,
            "{\"authenticationScheme\":1}",
            List.of("at /authenticationScheme")),
        arguments(
            "N65 empty ueId segment",
            NHSS_GBA_UEAU,
            "POST",
            "//security-information/generate-auth-data",
            JSON,
            "{}",
            List.of("no path of TS29562_Nhss_gbaUEAU.yaml matches")),
        arguments(
            "N65 GET subscriber-data with a body",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA,
            JSON,
            "{}",
            List.of("request body: the operation declares no request body, but 2 bytes sent")),
        arguments(
            "N65 supported-features not hexadecimal",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA + "?supported-features=xyz",
            null,
            null,
            List.of("query parameter supported-features 'xyz'", "^[A-Fa-f0-9]*$")),
        arguments(
            "N65 GbaSdmSubscription with expires not a date-time",
            NHSS_GBA_SDM,
            "POST",
            "/impi-alice@ims.example.org/subscriptions",
            JSON,
            "{\"nfInstanceId\":\"2ec4a0e2-4a4f-4c1e-9d61-6d0cbd5b1f43\","
                + "\"callbackReference\":\"https://bsf.example.org/cb\","
                + "\"monitoredResourceUris\":[\"https://hss.example.org/x\"],"
                + "\"expires\":\"tomorrow\"}",
            List.of("at /expires", "date-time")),
        arguments(
            "N65 GbaSdmSubscription with nfInstanceId not a UUID",
            NHSS_GBA_SDM,
            "POST",
            "/impi-alice@ims.example.org/subscriptions",
            JSON,
            "{\"nfInstanceId\":\"bsf-1\",\"callbackReference\":\"https://bsf.example.org/cb\","
                + "\"monitoredResourceUris\":[\"https://hss.example.org/x\"]}",
            List.of("at /nfInstanceId", "uuid")),
        arguments(
            "N68 missing authType",
            NUDM_UEAU,
            "POST",
            GENERATE_AV,
            JSON,
            "{\"supportedFeatures\":\"0\"}",
            List.of("request body at (root)", "authType")),
        arguments(
            "N68 path parameter not percent-encoded UTF-8",
            NUDM_UEAU,
            "POST",
            "/imsi-%ZZ/gba-security-information/generate-av",
            JSON,
            "{\"authType\":\"DIGEST_AKAV1_MD5\"}",
            List.of("path parameter supi", "not valid percent-encoded UTF-8")),
        arguments(
            "N68 required query parameter missing",
            NUDM_UEAU,
            "GET",
            RG,
            null,
            null,
            List.of("required query parameter authenticated-ind is missing")),
        arguments(
            "N68 boolean query parameter not a boolean",
            NUDM_UEAU,
            "GET",
            RG + "?authenticated-ind=yes",
            null,
            null,
            List.of("query parameter authenticated-ind 'yes' at (root)", "boolean")),
        arguments(
            "N68 JSON query parameter breaking its schema",
            NUDM_UEAU,
            "GET",
            RG + "?authenticated-ind=false&plmn-id=%7B%22mcc%22%3A%221%22%7D",
            null,
            null,
            List.of("query parameter plmn-id '{\"mcc\":\"1\"}' at /mcc", "^\\d{3}$")));
  }

  @ParameterizedTest(name = "{0}", argumentCountValidation = ArgumentCountValidationMode.STRICT)
  @MethodSource("invalidRequests")
  void should_report_the_offending_part_when_request_breaks_the_openapi_file(
      String name,
      String file,
      String method,
      String path,
      String contentType,
      String body,
      List<String> expected) {
    List<String> errors = CONTRACT.requestErrors(file, method, path, contentType, bytes(body));

    assertThat(errors)
        .as("errors of %s", name)
        .anySatisfy(error -> assertThat(error).contains(expected));
  }

  // -----------------------------------------------------------------------------------------------
  // Responses

  static Stream<Arguments> validResponses() {
    return Stream.of(
        arguments(
            "Nbsp BootstrappingInfoResponse with ussList, gbaType, impi and keyExpiryTime",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\""
                + KS_NAF
                + "\",\"keyExpiryTime\":\"2026-03-01T12:00:00Z\","
                + "\"bootstrappingInfoCreationTime\":\"2026-03-01T11:00:00.123+01:00\","
                + "\"ussList\":"
                + USS_LIST
                + ",\"gbaType\":\"3G_GBA\",\"impi\":\"alice@ims.example.org\"}"),
        arguments(
            "Nbsp BootstrappingInfoResponse GBA_U with a gbaType of a later release",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\""
                + KS_NAF
                + "\",\"uiccKeyMaterial\":\""
                + KS_NAF.toUpperCase()
                + "\",\"gbaType\":\"5G_GBA\"}"),
        arguments(
            "Nbsp status not listed falls to default, which has no content",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            502,
            null,
            null),
        arguments(
            "N65 AuthenticationInfoResult with 3gAkaAv, xres of 16 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"impi\":\"alice@ims.example.org\",\"3gAkaAv\":"
                + akaAv("a54211d5e3ba50bf", CK)
                + "}"),
        arguments(
            "N65 AuthenticationInfoResult with xres of 8 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"3gAkaAv\":" + akaAv("a54211d5", CK) + "}"),
        arguments(
            "N65 AuthenticationInfoResult with xres of 32 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"3gAkaAv\":" + akaAv(RAND, CK) + "}"),
        arguments(
            "N65 AuthenticationInfoResult with digestAuth",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"digestAuth\":{\"digestRealm\":\"ims.example.org\",\"digestAlgorithm\":\"MD5\","
                + "\"digestQop\":\"AUTH\",\"ha1\":\"0123456789abcdef0123456789abcdef\"}}"),
        arguments(
            "N65 GbaSubscriberData with guss, bsfInfo and ussList",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA,
            200,
            JSON,
            "{\"guss\":{\"bsfInfo\":{\"uiccType\":\"GBA_U\",\"lifeTime\":3600,"
                + "\"securityFeatures\":[\"GPL_U\"]},\"ussList\":"
                + USS_LIST
                + "}}"),
        arguments(
            "N65 subscriber-data 406 without content",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA,
            406,
            null,
            null),
        arguments(
            "N65 unsubscribe 204 without content",
            NHSS_GBA_SDM,
            "DELETE",
            "/impi-alice@ims.example.org/subscriptions/7",
            204,
            null,
            null),
        arguments(
            "N68 GbaAuthenticationInfoResult",
            NUDM_UEAU,
            "POST",
            GENERATE_AV,
            200,
            JSON,
            "{\"3gAkaAv\":" + akaAv("a54211d5e3ba50bf", CK) + ",\"supportedFeatures\":\"\"}"),
        arguments(
            "N68 404 ProblemDetails", NUDM_UEAU, "POST", GENERATE_AV, 404, PROBLEM, problem(404)));
  }

  @ParameterizedTest(name = "{0}", argumentCountValidation = ArgumentCountValidationMode.STRICT)
  @MethodSource("validResponses")
  void should_accept_response_when_it_matches_the_openapi_file(
      String name,
      String file,
      String method,
      String path,
      int status,
      String contentType,
      String body) {
    assertThat(CONTRACT.responseErrors(file, method, path, status, contentType, bytes(body)))
        .isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(ints = {400, 403, 404, 411, 413, 415, 429, 501, 503})
  void should_accept_problem_details_with_cause_and_invalid_params_when_status_is_listed(
      int status) {
    assertThat(
            CONTRACT.responseErrors(
                NBSP_GBA, "POST", BOOTSTRAP, status, PROBLEM, bytes(problem(status))))
        .isEmpty();
    assertThat(
            CONTRACT.responseErrors(
                NHSS_GBA_UEAU,
                "POST",
                GENERATE_AUTH_DATA,
                status,
                PROBLEM + ";charset=UTF-8",
                bytes(problem(status))))
        .isEmpty();
  }

  static Stream<Arguments> invalidResponses() {
    return Stream.of(
        arguments(
            "Nbsp meKeyMaterial of 63 hex digits",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\"" + KS_NAF.substring(1) + "\"}",
            List.of("response 200 body at /meKeyMaterial", "^[A-Fa-f0-9]{64}$")),
        arguments(
            "Nbsp missing meKeyMaterial",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"impi\":\"alice@ims.example.org\"}",
            List.of("at (root)", "meKeyMaterial")),
        arguments(
            "Nbsp keyExpiryTime not a date-time",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\"" + KS_NAF + "\",\"keyExpiryTime\":\"2026-02-30T12:00:00Z\"}",
            List.of("at /keyExpiryTime", "date-time")),
        arguments(
            "Nbsp keyExpiryTime without offset",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\"" + KS_NAF + "\",\"keyExpiryTime\":\"2026-03-01T12:00:00\"}",
            List.of("at /keyExpiryTime", "date-time")),
        arguments(
            "Nbsp gbaType not a string",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\"" + KS_NAF + "\",\"gbaType\":3}",
            List.of("at /gbaType")),
        arguments(
            "Nbsp Uss without ueIds",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\""
                + KS_NAF
                + "\",\"ussList\":[{\"uss\":{\"gsId\":1,\"gsType\":1}}]}",
            List.of("at /ussList/0/uss", "ueIds")),
        arguments(
            "Nbsp ussList empty",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            JSON,
            "{\"meKeyMaterial\":\"" + KS_NAF + "\",\"ussList\":[]}",
            List.of("at /ussList")),
        arguments(
            "Nbsp 200 as problem+json",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            PROBLEM,
            "{\"meKeyMaterial\":\"" + KS_NAF + "\"}",
            List.of("Content-Type application/problem+json is not declared")),
        arguments(
            "Nbsp 200 empty",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            200,
            null,
            null,
            List.of("response 200: declares content (application/json), but the body is empty")),
        arguments(
            "Nbsp 404 as application/json",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            404,
            JSON,
            problem(404),
            List.of(
                "Content-Type application/json is not declared (declared: "
                    + "application/problem+json)")),
        arguments(
            "Nbsp ProblemDetails status a string",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            403,
            PROBLEM,
            "{\"status\":\"403\",\"cause\":\"X\"}",
            List.of("response 403 body at /status", "integer")),
        arguments(
            "Nbsp ProblemDetails invalidParams empty",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            400,
            PROBLEM,
            "{\"status\":400,\"cause\":\"X\",\"invalidParams\":[]}",
            List.of("at /invalidParams")),
        arguments(
            "Nbsp status not listed falls to default, which declares no content",
            NBSP_GBA,
            "POST",
            BOOTSTRAP,
            502,
            PROBLEM,
            problem(502),
            List.of("response 502 (as 'default'): declares no content, but the body has")),
        arguments(
            "N65 ck of 30 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"3gAkaAv\":" + akaAv("a54211d5e3ba50bf", CK.substring(2)) + "}",
            List.of("at /3gAkaAv/ck", "^[A-Fa-f0-9]{32}$")),
        arguments(
            "N65 xres of 7 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"3gAkaAv\":" + akaAv("a54211d", CK) + "}",
            List.of("at /3gAkaAv/xres", "^[A-Fa-f0-9]{8,32}$")),
        arguments(
            "N65 xres of 34 hex digits",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"3gAkaAv\":" + akaAv(RAND + "00", CK) + "}",
            List.of("at /3gAkaAv/xres")),
        arguments(
            "N65 3gAkaAv without ik",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"3gAkaAv\":{\"rand\":\""
                + RAND
                + "\",\"xres\":\"a54211d5\",\"autn\":\""
                + AUTN
                + "\",\"ck\":\""
                + CK
                + "\"}}",
            List.of("at /3gAkaAv", "ik")),
        arguments(
            "N65 digestAuth without ha1",
            NHSS_GBA_UEAU,
            "POST",
            GENERATE_AUTH_DATA,
            200,
            JSON,
            "{\"digestAuth\":{\"digestRealm\":\"ims.example.org\",\"digestAlgorithm\":\"MD5\","
                + "\"digestQop\":\"AUTH\"}}",
            List.of("at /digestAuth", "ha1")),
        arguments(
            "N65 GbaSubscriberData lifeTime a string",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA,
            200,
            JSON,
            "{\"guss\":{\"bsfInfo\":{\"uiccType\":\"GBA_U\",\"lifeTime\":\"3600\"}}}",
            List.of("at /guss/bsfInfo/lifeTime", "integer")),
        arguments(
            "N65 GbaSubscriberData ussList empty",
            NHSS_GBA_SDM,
            "GET",
            SUBSCRIBER_DATA,
            200,
            JSON,
            "{\"guss\":{\"ussList\":[]}}",
            List.of("at /guss/ussList")),
        arguments(
            "N65 unsubscribe 204 with a body",
            NHSS_GBA_SDM,
            "DELETE",
            "/impi-alice@ims.example.org/subscriptions/7",
            204,
            JSON,
            "{}",
            List.of("response 204: declares no content, but the body has 2 bytes")),
        arguments(
            "N68 GbaAuthenticationInfoResult autn of 31 hex digits",
            NUDM_UEAU,
            "POST",
            GENERATE_AV,
            200,
            JSON,
            "{\"3gAkaAv\":{\"rand\":\""
                + RAND
                + "\",\"xres\":\"a54211d5\",\"autn\":\""
                + AUTN.substring(1)
                + "\",\"ck\":\""
                + CK
                + "\",\"ik\":\""
                + IK
                + "\"}}",
            List.of("at /3gAkaAv/autn")),
        arguments(
            "N68 unknown path",
            NUDM_UEAU,
            "POST",
            "/imsi-001010123456789/gba-security-information",
            200,
            JSON,
            "{}",
            List.of("no path of TS29503_Nudm_UEAU.yaml matches")));
  }

  @ParameterizedTest(name = "{0}", argumentCountValidation = ArgumentCountValidationMode.STRICT)
  @MethodSource("invalidResponses")
  void should_report_the_offending_part_when_response_breaks_the_openapi_file(
      String name,
      String file,
      String method,
      String path,
      int status,
      String contentType,
      String body,
      List<String> expected) {
    List<String> errors =
        CONTRACT.responseErrors(file, method, path, status, contentType, bytes(body));

    assertThat(errors)
        .as("errors of %s", name)
        .anySatisfy(error -> assertThat(error).contains(expected));
  }

  // -----------------------------------------------------------------------------------------------
  // Component schemas

  /** File, schema, JSON, and a piece of the error expected, or null if the JSON is valid. */
  static Stream<Arguments> schemas() {
    String stringExpected = "at (root): null found, string expected";
    return Stream.of(
        arguments(COMMON_DATA, "DateTime", "\"2026-03-01T12:00:00Z\"", null),
        arguments(COMMON_DATA, "DateTime", "\"2026-03-01T12:00:00.250-05:00\"", null),
        arguments(COMMON_DATA, "DateTime", "\"2026-03-01\"", "RFC 3339 date-time"),
        arguments(COMMON_DATA, "DateTime", "null", stringExpected),
        arguments(COMMON_DATA, "DateTimeRm", "null", null),
        arguments(COMMON_DATA, "DurationSecRm", "null", null),
        arguments(COMMON_DATA, "DurationSec", "null", "null found, integer expected"),
        arguments(COMMON_DATA, "FqdnRm", "null", null),
        arguments(COMMON_DATA, "FqdnRm", "\"bsf.example.org\"", null),
        arguments(COMMON_DATA, "FqdnRm", "\"-bsf\"", "does not match the regex pattern"),
        arguments(COMMON_DATA, "Uint32", "4294967295", null),
        arguments(COMMON_DATA, "Uint32", "-1", "must have a minimum value of 0"),
        arguments(COMMON_DATA, "Supi", "\"imsi-001010123456789\"", null),
        arguments(COMMON_DATA, "Uri", "null", stringExpected),
        arguments(COMMON_DATA, "LinkRm", "null", null),
        arguments(COMMON_DATA, "Ipv6AddrRm", "null", null),
        arguments(COMMON_DATA, "Ipv6AddrRm", "\"2001:db8::1\"", null),
        arguments(COMMON_DATA, "Ipv6AddrRm", "\"2001:db8::g\"", "does not match the regex"),
        arguments(COMMON_DATA, "TraceData", "null", null),
        arguments(
            COMMON_DATA,
            "TraceData",
            "{\"traceRef\":\"00101-ABCDEF\"}",
            "required property 'traceDepth' not found"),
        arguments(COMMON_DATA, "RouteToLocation", "null", null),
        arguments(
            COMMON_DATA,
            "RouteToLocation",
            "{\"dnai\":\"edge-1\"}",
            "required property 'routeInfo' not found"),
        arguments(COMMON_DATA, "RouteToLocation", "{\"dnai\":\"e\",\"routeProfId\":null}", null),
        arguments(COMMON_DATA, "EmptyObject", "{}", null),
        arguments(
            COMMON_DATA,
            "EmptyObject",
            "{\"a\":1}",
            "property 'a' is not defined in the schema and the schema does not allow additional"),
        arguments(NBSP_GBA, "NafId", NAF_ID, null),
        arguments(
            NBSP_GBA,
            "NafId",
            "{\"nafFqdn\":\"naf.example.org\"}",
            "required property 'uaSecProtId' not found"),
        arguments(NBSP_GBA, "KeyChoice", "\"UICC_BASED_KEY\"", null),
        arguments(NBSP_GBA, "KeyChoice", "\"ANY_FUTURE_KEY\"", null),
        arguments(NBSP_GBA, "KeyChoice", "null", stringExpected),
        arguments(NHSS_GBA_SDM, "UeId", "\"msisdn-33612345678\"", null),
        arguments(NHSS_GBA_SDM, "UeId", "\"\"", "^msisdn-[0-9]{5,15}$"),
        arguments(NHSS_GBA_SDM, "UiccType", "\"GBA\"", null),
        arguments(
            NUDM_SDM,
            "AccessAndMobilitySubscriptionData",
            "{\"sharedVnGroupDataIds\":{\"group-1\":\"12345-vn\"}}",
            null),
        arguments(
            NUDM_SDM,
            "AccessAndMobilitySubscriptionData",
            "{\"sharedVnGroupDataIds\":{\"group-1\":\"vn\"}}",
            "at /sharedVnGroupDataIds/group-1: does not match the regex pattern ^[0-9]{5,6}-.+$"));
  }

  @ParameterizedTest(
      name = "{1} {2}: {3}",
      argumentCountValidation = ArgumentCountValidationMode.STRICT)
  @MethodSource("schemas")
  void should_validate_a_component_schema_when_asked_by_name(
      String file, String schemaName, String json, String expected) {
    List<String> errors = CONTRACT.schemaErrors(file, schemaName, bytes(json));

    if (expected == null) {
      assertThat(errors).isEmpty();
    } else {
      assertThat(errors)
          .anySatisfy(error -> assertThat(error).contains(file, schemaName, expected));
    }
  }

  @Test
  void should_report_a_date_time_that_is_not_rfc_3339_when_format_is_date_time() {
    assertThat(CONTRACT.schemaErrors(COMMON_DATA, "DateTime", bytes("\"1 March 2026\"")))
        .singleElement()
        .asString()
        .contains("TS29571_CommonData.yaml DateTime at (root)", "date-time");
  }

  @Test
  void should_report_the_missing_file_when_the_body_reaches_a_reference_to_a_file_not_committed() {
    String dnn = "\"pduSessionTypes\":{},\"sscModes\":{\"defaultSscMode\":\"SSC_MODE_1\"}";

    assertThat(CONTRACT.schemaErrors(NUDM_SDM, "DnnConfiguration", bytes("{" + dnn + "}")))
        .isEmpty();
    assertThat(
            CONTRACT.schemaErrors(
                NUDM_SDM, "DnnConfiguration", bytes("{" + dnn + ",\"ecsAddrConfigInfo\":{}}")))
        .singleElement()
        .asString()
        .contains("cannot be checked", "TS29503_Nudm_PP.yaml");
  }

  @Test
  void should_throw_when_the_schema_is_not_in_the_file() {
    assertThatThrownBy(() -> CONTRACT.schemaErrors(NBSP_GBA, "NoSuchSchema", bytes("{}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("NoSuchSchema");
  }

  @Test
  void should_throw_when_the_file_is_not_on_the_classpath() {
    assertThatThrownBy(
            () -> CONTRACT.requestErrors("TS29999_Nnone.yaml", "POST", "/x", JSON, bytes("{}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("openapi/TS29999_Nnone.yaml");
  }

  // -----------------------------------------------------------------------------------------------
  // Assertions and caching

  @Test
  void should_throw_an_assertion_error_with_every_message_when_request_is_invalid() {
    byte[] body = bytes("{\"nafId\":{\"nafFqdn\":\"naf.example.org\",\"uaSecProtId\":\"01\"}}");

    assertThatThrownBy(() -> CONTRACT.assertValidRequest(NBSP_GBA, "POST", BOOTSTRAP, JSON, body))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("POST /bootstrapping-info-retrieval request breaks")
        .hasMessageContaining("btId")
        .hasMessageContaining("/nafId/uaSecProtId");
  }

  @Test
  void should_throw_an_assertion_error_when_response_is_invalid() {
    assertThatThrownBy(
            () ->
                CONTRACT.assertValidResponse(
                    NBSP_GBA, "POST", BOOTSTRAP, 200, JSON, bytes("{\"meKeyMaterial\":\"00\"}")))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("response 200")
        .hasMessageContaining("/meKeyMaterial");
  }

  @Test
  void should_not_throw_when_request_and_response_are_valid() {
    CONTRACT.assertValidRequest(
        NUDM_UEAU, "POST", GENERATE_AV, JSON, bytes("{\"authType\":\"DIGEST_AKAV1_MD5\"}"));
    CONTRACT.assertValidResponse(
        NUDM_UEAU,
        "POST",
        GENERATE_AV,
        200,
        JSON,
        bytes("{\"3gAkaAv\":" + akaAv("a54211d5e3ba50bf", CK) + "}"));
  }

  @Test
  void should_give_the_same_answer_when_asked_again_from_the_cache() {
    byte[] bad = bytes("{\"meKeyMaterial\":\"" + KS_NAF.substring(1) + "\"}");
    List<String> first = CONTRACT.responseErrors(NBSP_GBA, "POST", BOOTSTRAP, 200, JSON, bad);

    for (int i = 0; i < 1000; i++) {
      assertThat(CONTRACT.responseErrors(NBSP_GBA, "POST", BOOTSTRAP, 200, JSON, bad))
          .isEqualTo(first);
    }
    assertThat(OpenApiContract.shared()).isSameAs(CONTRACT);
  }

  @Test
  void should_give_the_same_answers_when_called_from_many_threads() {
    byte[] good = bytes("{\"3gAkaAv\":" + akaAv("a54211d5e3ba50bf", CK) + "}");
    byte[] bad = bytes("{\"3gAkaAv\":" + akaAv("a54211d", CK) + "}");
    List<String> badErrors =
        CONTRACT.responseErrors(NHSS_GBA_UEAU, "POST", GENERATE_AUTH_DATA, 200, JSON, bad);

    List<List<String>> answers =
        IntStream.range(0, 2000)
            .parallel()
            .mapToObj(
                i ->
                    CONTRACT.responseErrors(
                        NHSS_GBA_UEAU,
                        "POST",
                        GENERATE_AUTH_DATA,
                        200,
                        JSON,
                        i % 2 == 0 ? good : bad))
            .toList();

    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i)).isEqualTo(i % 2 == 0 ? List.of() : badErrors);
    }
    assertThat(badErrors).singleElement().asString().contains("/3gAkaAv/xres");
  }
}
