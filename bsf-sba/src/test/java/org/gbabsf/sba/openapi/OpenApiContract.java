package org.gbabsf.sba.openapi;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DecimalNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.AbsoluteIri;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaException;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialect;
import com.networknt.schema.dialect.OpenApi30;
import com.networknt.schema.keyword.NonValidationKeyword;
import com.networknt.schema.path.NodePath;
import com.networknt.schema.path.PathType;
import com.networknt.schema.resource.InputStreamSource;
import com.networknt.schema.resource.SchemaLoader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks HTTP requests and responses of the 5G service-based interfaces against the 3GPP OpenAPI
 * files committed under {@code openapi/} on the test classpath (see {@code openapi/README.md}).
 *
 * <p>Each YAML file is read once, each schema is compiled once (by the networknt validator with its
 * OpenAPI 3.0 dialect) and both are kept for the life of the instance; {@link #shared()} is the
 * instance to use from tests. The instance is thread-safe.
 *
 * <p>What is checked:
 *
 * <ul>
 *   <li>the concrete path (without {apiRoot}; a leading {@code /nbsp-gba/v1}-like base path of the
 *       file's first server is stripped, as is a scheme and authority) matches one of the file's
 *       {@code paths}, {@code {name}} templates included, and the method is defined for it;
 *   <li>path parameters (percent-decoded) and the query parameters present validate against their
 *       schema, and required query parameters are present;
 *   <li>the body: its Content-Type is one the operation declares (parameters such as charset
 *       ignored), it is JSON and it validates against the schema of that media type; a request body
 *       is present when {@code required: true}; an operation or response that declares no content
 *       must have an empty body;
 *   <li>a response status is listed for the operation, else falls to {@code NXX}, else to {@code
 *       default}; responses may be {@code $ref}s into other files.
 * </ul>
 *
 * <p>Schemas follow OpenAPI 3.0: {@code nullable}, {@code $ref} within a file and across files,
 * {@code anyOf} enumerations with a free string, {@code additionalProperties} as written (absent
 * means any extra member is allowed), {@code format} asserted ({@code date-time}, {@code date},
 * {@code uuid}, {@code ipv4}, {@code ipv6}, {@code uri}, ...; OpenAPI-only formats such as {@code
 * int32}, {@code int64}, {@code float}, {@code double}, {@code byte} and {@code binary} are not
 * checked), {@code readOnly} and {@code writeOnly} are not enforced. Headers and cookies are not
 * checked, and only JSON media types ({@code application/json}, {@code *+json}) and {@code
 * application/x-www-form-urlencoded} (read as an object of strings, or of JSON where the media
 * type's {@code encoding} says so: the NRF's token request) can be validated; a body sent with
 * another declared media type is reported.
 */
public final class OpenApiContract {

  /** TS 29.309, Nbsp_GBA (the BSF towards the NAF). */
  public static final String NBSP_GBA = "TS29309_Nbsp_GBA.yaml";

  /** TS 29.562, Nhss_gbaUEAU (N65, the BSF towards the HSS: authentication vectors). */
  public static final String NHSS_GBA_UEAU = "TS29562_Nhss_gbaUEAU.yaml";

  /** TS 29.562, Nhss_gbaSDM (N65, the BSF towards the HSS: GUSS and subscriptions). */
  public static final String NHSS_GBA_SDM = "TS29562_Nhss_gbaSDM.yaml";

  /** TS 29.503, Nudm_UEAU (N68, the BSF towards the UDM: GBA authentication vectors). */
  public static final String NUDM_UEAU = "TS29503_Nudm_UEAU.yaml";

  /** TS 29.510, Nnrf_NFManagement (the BSF's registration and heartbeat at the NRF). */
  public static final String NNRF_NFM = "TS29510_Nnrf_NFManagement.yaml";

  /** TS 29.510, Nnrf_NFDiscovery (the BSF discovering HSS/UDM instances at the NRF). */
  public static final String NNRF_DISC = "TS29510_Nnrf_NFDiscovery.yaml";

  /** TS 29.510, Nnrf_AccessToken (the BSF's access tokens for its outgoing calls). */
  public static final String NNRF_ACCESS_TOKEN = "TS29510_Nnrf_AccessToken.yaml";

  /** TS 29.535, Naanf_AKMA (the AAnF towards the AUSF, AFs and the NEF). */
  public static final String NAANF_AKMA = "TS29535_Naanf_AKMA.yaml";

  /** TS 29.571, the common data types, ProblemDetails and the shared responses. */
  public static final String COMMON_DATA = "TS29571_CommonData.yaml";

  /** Where the YAML files are on the classpath. */
  private static final String DIRECTORY = "openapi/";

  /**
   * The made-up base IRI under which the YAML files are handed to the schema registry; the reserved
   * .invalid domain guarantees nothing is ever fetched.
   */
  private static final String BASE_IRI = "https://openapi.3gpp.invalid/";

  private static final String FORM = "application/x-www-form-urlencoded";

  private static final Set<String> METHODS =
      Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

  private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9_.-]+\\.ya?ml");
  private static final Pattern TEMPLATE_VARIABLE = Pattern.compile("\\{([^}/]+)\\}");
  private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");
  private static final Pattern NUMBER =
      Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?");

  private static final class Holder {
    private static final OpenApiContract SHARED = new OpenApiContract();
  }

  private final Documents documents;
  private final SchemaRegistry registry;
  private final ObjectMapper json;
  private final ConcurrentMap<String, Api> apis = new ConcurrentHashMap<>();
  private final ConcurrentMap<String, Schema> schemas = new ConcurrentHashMap<>();

  /** A contract on the files under {@code openapi/} of this class's class loader. */
  public OpenApiContract() {
    this.documents = new Documents(OpenApiContract.class.getClassLoader(), DIRECTORY);
    SchemaRegistryConfig config =
        SchemaRegistryConfig.builder()
            .formatAssertionsEnabled(true)
            .pathType(PathType.JSON_POINTER)
            .locale(Locale.ENGLISH)
            .preloadSchema(false)
            .cacheRefs(true)
            .build();
    SchemaLoader loader = new SchemaLoader(List.of(), List.of(documents::resource));
    // OpenAPI 3.0 as networknt defines it, told that the members of an OpenAPI document around
    // the schemas are no schema keywords (the registry loads whole files).
    Dialect dialect =
        Dialect.builder(OpenApi30.getInstance())
            .keywords(
                Stream.of("openapi", "info", "servers", "security", "paths", "components", "tags")
                    .map(NonValidationKeyword::new)
                    .toList())
            .build();
    this.registry =
        SchemaRegistry.withDialect(
            dialect, builder -> builder.schemaRegistryConfig(config).schemaLoader(loader));
    this.json =
        JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();
  }

  /** The instance shared by all tests of the JVM (files and compiled schemas cached once). */
  public static OpenApiContract shared() {
    return Holder.SHARED;
  }

  /**
   * The errors of a request, empty if it conforms.
   *
   * @param file the YAML file of the API, e.g. {@link #NBSP_GBA}
   * @param method the HTTP method, any case
   * @param concretePath the request path without {apiRoot}, e.g. {@code
   *     /impi-alice@ims.example.org/security-information/generate-auth-data}, optionally with a
   *     query string
   * @param contentType the Content-Type header, or null when there is no body
   * @param body the body, null or empty when there is none
   * @throws IllegalArgumentException if the file is not on the classpath
   */
  public List<String> requestErrors(
      String file, String method, String concretePath, String contentType, byte[] body) {
    List<String> errors = new ArrayList<>();
    Operation operation = operation(file, method, concretePath, errors);
    if (operation == null) {
      return errors;
    }
    errors.addAll(parameterErrors(operation));
    String label = operation.label() + " request body";
    Node requestBody = resolve(operation.node().child("requestBody"));
    boolean empty = body == null || body.length == 0;
    if (requestBody.missing()) {
      if (!empty) {
        errors.add(label + ": the operation declares no request body, but " + size(body) + " sent");
      }
      return errors;
    }
    if (empty) {
      if (requestBody.value().path("required").asBoolean(false)) {
        errors.add(label + ": required by the operation, but none was sent");
      }
      return errors;
    }
    errors.addAll(contentErrors(label, requestBody.child("content"), contentType, body));
    return errors;
  }

  /**
   * The errors of a response, empty if it conforms.
   *
   * @param file the YAML file of the API, e.g. {@link #NBSP_GBA}
   * @param method the HTTP method of the request, any case
   * @param concretePath the request path without {apiRoot} (as for {@link #requestErrors})
   * @param status the HTTP status of the response
   * @param contentType the Content-Type header of the response, or null
   * @param body the response body, null or empty when there is none
   * @throws IllegalArgumentException if the file is not on the classpath
   */
  public List<String> responseErrors(
      String file,
      String method,
      String concretePath,
      int status,
      String contentType,
      byte[] body) {
    List<String> errors = new ArrayList<>();
    Operation operation = operation(file, method, concretePath, errors);
    if (operation == null) {
      return errors;
    }
    Node responses = resolve(operation.node().child("responses"));
    String key = String.valueOf(status);
    if (responses.value().has(key)) {
      // listed as such
    } else if (responses.value().has(status / 100 + "XX")) {
      key = status / 100 + "XX";
    } else if (responses.value().has(status / 100 + "xx")) {
      key = status / 100 + "xx";
    } else if (responses.value().has("default")) {
      key = "default";
    } else {
      errors.add(
          operation.label()
              + ": status "
              + status
              + " is not listed and there is no default (listed: "
              + String.join(", ", fieldNames(responses.value()))
              + ")");
      return errors;
    }
    String label =
        operation.label()
            + " response "
            + status
            + (key.equals(String.valueOf(status)) ? "" : " (as '" + key + "')");
    Node response = resolve(responses.child(key));
    Node content = response.child("content");
    boolean empty = body == null || body.length == 0;
    if (content.missing() || content.value().isEmpty()) {
      if (!empty) {
        errors.add(label + ": declares no content, but the body has " + size(body));
      }
      return errors;
    }
    if (empty) {
      errors.add(
          label
              + ": declares content ("
              + String.join(", ", fieldNames(content.value()))
              + "), but the body is empty");
      return errors;
    }
    errors.addAll(contentErrors(label + " body", content, contentType, body));
    return errors;
  }

  /**
   * The errors of a JSON document against one schema of {@code components/schemas}.
   *
   * @param file the YAML file, e.g. {@link #COMMON_DATA}
   * @param schemaName the name under {@code components/schemas}, e.g. {@code ProblemDetails}
   * @param json the JSON document
   * @throws IllegalArgumentException if the file is not on the classpath or has no such schema
   */
  public List<String> schemaErrors(String file, String schemaName, byte[] json) {
    Node schema =
        new Node(file, "", documents.get(file).root())
            .child("components")
            .child("schemas")
            .child(schemaName);
    if (schema.missing()) {
      throw new IllegalArgumentException("no schema " + schemaName + " in " + file);
    }
    String label = file + " " + schemaName;
    JsonNode instance;
    try {
      instance = parse(json);
    } catch (IOException e) {
      return List.of(label + ": not JSON: " + describe(e));
    }
    return validate(label, schema, instance);
  }

  /** {@link #requestErrors} that throws an AssertionError with every error. */
  public void assertValidRequest(
      String file, String method, String concretePath, String contentType, byte[] body) {
    fail(
        method + " " + concretePath + " request",
        requestErrors(file, method, concretePath, contentType, body));
  }

  /** {@link #responseErrors} that throws an AssertionError with every error. */
  public void assertValidResponse(
      String file,
      String method,
      String concretePath,
      int status,
      String contentType,
      byte[] body) {
    fail(
        method + " " + concretePath + " response " + status,
        responseErrors(file, method, concretePath, status, contentType, body));
  }

  private static void fail(String what, List<String> errors) {
    if (!errors.isEmpty()) {
      throw new AssertionError(
          what + " breaks the 3GPP OpenAPI contract:\n  - " + String.join("\n  - ", errors));
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Paths and operations

  private Operation operation(
      String file, String method, String concretePath, List<String> errors) {
    Api api = apis.computeIfAbsent(file, this::api);
    String lowerMethod = method == null ? "" : method.toLowerCase(Locale.ROOT);
    if (!METHODS.contains(lowerMethod)) {
      errors.add("'" + method + "' is not an HTTP method of OpenAPI");
      return null;
    }
    if (concretePath == null || concretePath.isEmpty()) {
      errors.add("no path given");
      return null;
    }
    String path = concretePath;
    int scheme = path.indexOf("://");
    if (scheme > 0 && path.indexOf('/') == scheme + 1) {
      int slash = path.indexOf('/', scheme + 3);
      path = slash < 0 ? "/" : path.substring(slash);
    }
    int hash = path.indexOf('#');
    if (hash >= 0) {
      path = path.substring(0, hash);
    }
    String query = null;
    int question = path.indexOf('?');
    if (question >= 0) {
      query = path.substring(question + 1);
      path = path.substring(0, question);
    }
    if (!api.basePath().isEmpty() && path.startsWith(api.basePath() + "/")) {
      path = path.substring(api.basePath().length());
    }
    Route best = null;
    Matcher bestMatcher = null;
    for (Route route : api.routes()) {
      Matcher matcher = route.pattern().matcher(path);
      if (matcher.matches() && (best == null || route.isMoreSpecificThan(best))) {
        best = route;
        bestMatcher = matcher;
      }
    }
    if (best == null) {
      List<String> templates = new ArrayList<>();
      api.routes().forEach(route -> templates.add(route.template()));
      errors.add(
          "no path of "
              + file
              + " matches '"
              + path
              + "' (paths: "
              + String.join(", ", templates)
              + ")");
      return null;
    }
    String label = method.toUpperCase(Locale.ROOT) + " " + best.template();
    Node pathItem = resolve(api.paths().child(best.template()));
    Node node = pathItem.child(lowerMethod);
    if (node.missing()) {
      List<String> defined = new ArrayList<>();
      for (String name : fieldNames(pathItem.value())) {
        if (METHODS.contains(name)) {
          defined.add(name.toUpperCase(Locale.ROOT));
        }
      }
      errors.add(
          label
              + ": "
              + method.toUpperCase(Locale.ROOT)
              + " is not defined in "
              + file
              + " (defined: "
              + String.join(", ", defined)
              + ")");
      return null;
    }
    Map<String, String> pathValues = new LinkedHashMap<>();
    List<String> undecodable = new ArrayList<>();
    for (int i = 0; i < best.names().size(); i++) {
      String raw = bestMatcher.group(i + 1);
      String value = percentDecode(raw);
      if (value == null) {
        undecodable.add(best.names().get(i));
        errors.add(
            label
                + ": path parameter "
                + best.names().get(i)
                + " '"
                + raw
                + "' is not valid percent-encoded UTF-8");
      } else {
        pathValues.put(best.names().get(i), value);
      }
    }
    Map<String, List<String>> queryValues = new LinkedHashMap<>();
    if (query != null && !query.isEmpty()) {
      for (String pair : query.split("&", -1)) {
        if (pair.isEmpty()) {
          continue;
        }
        int equals = pair.indexOf('=');
        String rawName = equals < 0 ? pair : pair.substring(0, equals);
        String rawValue = equals < 0 ? "" : pair.substring(equals + 1);
        String name = percentDecode(rawName);
        String value = percentDecode(rawValue);
        if (name == null || value == null) {
          errors.add(label + ": query '" + pair + "' is not valid percent-encoded UTF-8");
        } else {
          queryValues.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
      }
    }
    return new Operation(label, pathItem, node, pathValues, undecodable, queryValues);
  }

  private Api api(String file) {
    Node root = new Node(file, "", documents.get(file).root());
    Node paths = root.child("paths");
    List<Route> routes = new ArrayList<>();
    for (String template : fieldNames(paths.value())) {
      if (template.startsWith("/")) {
        routes.add(Route.of(template));
      }
    }
    String basePath = "";
    JsonNode server = root.value().path("servers").path(0).path("url");
    if (server.isTextual()) {
      String url = server.asText().replace("{apiRoot}", "");
      int scheme = url.indexOf("://");
      if (scheme >= 0) {
        int slash = url.indexOf('/', scheme + 3);
        url = slash < 0 ? "" : url.substring(slash);
      }
      basePath = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
    return new Api(paths, List.copyOf(routes), basePath);
  }

  private List<String> parameterErrors(Operation operation) {
    Map<String, Node> parameters = new LinkedHashMap<>();
    for (Node owner : List.of(operation.pathItem(), operation.node())) {
      Node list = owner.child("parameters");
      for (int i = 0; i < list.value().size(); i++) {
        Node parameter = resolve(list.child(i));
        parameters.put(
            parameter.value().path("in").asText() + " " + parameter.value().path("name").asText(),
            parameter);
      }
    }
    List<String> errors = new ArrayList<>();
    for (Node parameter : parameters.values()) {
      String in = parameter.value().path("in").asText();
      String name = parameter.value().path("name").asText();
      boolean required = parameter.value().path("required").asBoolean("path".equals(in));
      List<String> values;
      if ("path".equals(in)) {
        String value = operation.pathValues().get(name);
        if (operation.undecodable().contains(name)) {
          continue; // already reported
        }
        if (value == null) {
          errors.add(operation.label() + ": path parameter " + name + " is not in the template");
          continue;
        }
        values = List.of(value);
      } else if ("query".equals(in)) {
        values = operation.queryValues().get(name);
        if (values == null) {
          if (required) {
            errors.add(operation.label() + ": required query parameter " + name + " is missing");
          }
          continue;
        }
      } else {
        continue; // headers and cookies are not given to the contract
      }
      String label =
          operation.label()
              + " "
              + in
              + " parameter "
              + name
              + " '"
              + String.join(",", values)
              + "'";
      errors.addAll(parameterValueErrors(label, parameter, values));
    }
    return errors;
  }

  private List<String> parameterValueErrors(String label, Node parameter, List<String> values) {
    Node content = parameter.child("content");
    if (!content.missing()) {
      Iterator<String> mediaTypes = content.value().fieldNames();
      if (!mediaTypes.hasNext()) {
        return List.of();
      }
      Node schema = resolve(content.child(mediaTypes.next())).child("schema");
      if (schema.missing()) {
        return List.of();
      }
      try {
        return validate(label, schema, parse(values.get(0).getBytes(StandardCharsets.UTF_8)));
      } catch (IOException e) {
        return List.of(label + ": not JSON: " + describe(e));
      }
    }
    Node schema = parameter.child("schema");
    if (schema.missing()) {
      return List.of();
    }
    List<JsonNode> candidates = new ArrayList<>();
    if (values.size() == 1) {
      candidates.addAll(scalarCandidates(values.get(0)));
      List<String> items = List.of(values.get(0).split(",", -1));
      candidates.add(textArray(List.of(values.get(0))));
      candidates.add(textArray(items));
      candidates.add(coercedArray(items));
    } else {
      candidates.add(textArray(values));
      candidates.add(coercedArray(values));
    }
    // A parameter arrives as text: it conforms if any natural JSON reading of it does.
    List<String> first = null;
    for (JsonNode candidate : candidates) {
      List<String> errors = validate(label, schema, candidate);
      if (errors.isEmpty()) {
        return errors;
      }
      if (first == null) {
        first = errors;
      }
    }
    return first;
  }

  private static List<JsonNode> scalarCandidates(String value) {
    List<JsonNode> candidates = new ArrayList<>();
    candidates.add(TextNode.valueOf(value));
    if (NUMBER.matcher(value).matches()) {
      BigDecimal number = new BigDecimal(value);
      candidates.add(
          INTEGER.matcher(value).matches()
              ? JsonNodeFactory.instance.numberNode(number.toBigIntegerExact())
              : DecimalNode.valueOf(number));
    }
    if ("true".equals(value) || "false".equals(value)) {
      candidates.add(BooleanNode.valueOf(Boolean.parseBoolean(value)));
    }
    return candidates;
  }

  private static ArrayNode textArray(List<String> values) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    values.forEach(array::add);
    return array;
  }

  private static ArrayNode coercedArray(List<String> values) {
    ArrayNode array = JsonNodeFactory.instance.arrayNode();
    for (String value : values) {
      List<JsonNode> candidates = scalarCandidates(value);
      array.add(candidates.get(candidates.size() - 1));
    }
    return array;
  }

  // ---------------------------------------------------------------------------------------------
  // Bodies

  private List<String> contentErrors(String label, Node content, String contentType, byte[] body) {
    List<String> declared = fieldNames(content.value());
    if (contentType == null || contentType.isBlank()) {
      return List.of(
          label + ": has no Content-Type (declared: " + String.join(", ", declared) + ")");
    }
    String mediaType = mediaType(contentType);
    String key = null;
    for (String candidate : declared) {
      if (mediaType(candidate).equals(mediaType)) {
        key = candidate;
      }
    }
    if (key == null) {
      for (String candidate : declared) {
        String range = mediaType(candidate);
        boolean inRange =
            range.endsWith("/*") && mediaType.startsWith(range.substring(0, range.length() - 1));
        if (range.equals("*/*") || inRange) {
          key = candidate;
        }
      }
    }
    if (key == null) {
      return List.of(
          label
              + ": Content-Type "
              + contentType
              + " is not declared (declared: "
              + String.join(", ", declared)
              + ")");
    }
    JsonNode instance;
    if (mediaType.equals(FORM)) {
      instance = form(content.child(key), body);
      if (instance == null) {
        return List.of(label + ": not " + FORM + " (a bad escape, or a name twice)");
      }
    } else if (!mediaType.equals("application/json") && !mediaType.endsWith("+json")) {
      return List.of(
          label
              + ": "
              + mediaType
              + " is declared, but this contract checks JSON and form bodies only");
    } else {
      try {
        instance = parse(body);
      } catch (IOException e) {
        return List.of(label + ": not JSON: " + describe(e));
      }
    }
    Node schema = resolve(content.child(key)).child("schema");
    if (schema.missing()) {
      return List.of();
    }
    return validate(label, schema, instance);
  }

  /**
   * An {@code application/x-www-form-urlencoded} body as the object it encodes: each member a
   * string, except those the media type's {@code encoding} declares {@code application/json}
   * (parsed). Null if it cannot be read.
   */
  private JsonNode form(Node media, byte[] body) {
    ObjectNode object = JsonNodeFactory.instance.objectNode();
    String text = new String(body, StandardCharsets.UTF_8);
    for (String pair : text.split("&", -1)) {
      if (pair.isEmpty()) {
        continue;
      }
      int equals = pair.indexOf('=');
      String name = formDecode(equals < 0 ? pair : pair.substring(0, equals));
      String value = formDecode(equals < 0 ? "" : pair.substring(equals + 1));
      if (name == null || value == null || object.has(name)) {
        return null;
      }
      boolean json =
          mediaType(
                  media
                      .child("encoding")
                      .child(name)
                      .value()
                      .path("contentType")
                      .asText("text/plain"))
              .equals("application/json");
      if (json) {
        try {
          object.set(name, parse(value.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
          return null;
        }
      } else {
        object.put(name, value);
      }
    }
    return object;
  }

  /** Decodes a form name or value: '+' is a space, then percent-decoding. */
  private static String formDecode(String raw) {
    return percentDecode(raw.replace('+', ' '));
  }

  private static String mediaType(String contentType) {
    int semicolon = contentType.indexOf(';');
    String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
    return type.trim().toLowerCase(Locale.ROOT);
  }

  private JsonNode parse(byte[] body) throws IOException {
    if (body == null || body.length == 0) {
      throw new IOException("the body is empty");
    }
    JsonNode node = json.readTree(body);
    if (node == null || node.isMissingNode()) {
      throw new IOException("the body is empty");
    }
    return node;
  }

  /** Jackson's message on one line, with the line and column of the fault. */
  private static String describe(IOException e) {
    if (e instanceof JsonProcessingException parsing) {
      JsonLocation location = parsing.getLocation();
      return parsing.getOriginalMessage()
          + (location == null
              ? ""
              : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")");
    }
    return e.getMessage();
  }

  // ---------------------------------------------------------------------------------------------
  // Schemas

  private List<String> validate(String label, Node schemaNode, JsonNode instance) {
    Node target = resolve(schemaNode);
    List<com.networknt.schema.Error> errors;
    try {
      errors = schemas.computeIfAbsent(target.iri(), this::compile).validate(instance);
    } catch (SchemaException e) {
      String reason = String.valueOf(e.getMessage()).replace(BASE_IRI, DIRECTORY);
      return List.of(
          label
              + ": cannot be checked, "
              + DIRECTORY
              + target.file()
              + "#"
              + target.pointer()
              + " fails: "
              + reason);
    }
    List<String> messages = new ArrayList<>(errors.size());
    for (com.networknt.schema.Error error : errors) {
      messages.add(label + " at " + where(error.getInstanceLocation()) + ": " + error.getMessage());
    }
    return messages;
  }

  /**
   * A schema whose only keyword refers to the target: the target is then evaluated in its own
   * document, where its {@code #/components/...} references resolve.
   */
  private Schema compile(String iri) {
    ObjectNode reference = JsonNodeFactory.instance.objectNode().put("$ref", iri);
    return registry.getSchema(SchemaLocation.of(BASE_IRI + "contract.json"), reference);
  }

  private static String where(NodePath location) {
    String text = location == null ? "" : location.toString();
    return text.isEmpty() ? "(root)" : text;
  }

  /** Follows {@code $ref} (whose siblings OpenAPI 3.0 ignores) to the node it designates. */
  private Node resolve(Node node) {
    Node current = node;
    for (int hops = 0; current.value().isObject() && current.value().has("$ref"); hops++) {
      if (hops == 64) {
        throw new IllegalStateException("$ref loop at " + node.iri());
      }
      String ref = current.value().get("$ref").asText();
      int hash = ref.indexOf('#');
      String file = hash == 0 ? current.file() : hash < 0 ? ref : ref.substring(0, hash);
      String pointer = hash < 0 ? "" : ref.substring(hash + 1);
      JsonNode target = documents.get(file).root().at(pointer);
      if (target.isMissingNode()) {
        throw new IllegalStateException(
            "$ref '" + ref + "' at " + current.iri() + " designates nothing");
      }
      current = new Node(file, pointer, target);
    }
    return current;
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static String size(byte[] body) {
    return body.length + (body.length == 1 ? " byte" : " bytes");
  }

  /** Percent-decodes (RFC 3986: '+' is a plus), or returns null if it is not valid UTF-8. */
  private static String percentDecode(String raw) {
    if (raw.indexOf('%') < 0) {
      return raw;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
    for (int i = 0; i < raw.length(); i++) {
      char c = raw.charAt(i);
      if (c == '%') {
        if (i + 2 >= raw.length()) {
          return null;
        }
        int high = Character.digit(raw.charAt(i + 1), 16);
        int low = Character.digit(raw.charAt(i + 2), 16);
        if (high < 0 || low < 0) {
          return null;
        }
        bytes.write(high << 4 | low);
        i += 2;
      } else {
        int end = i + 1;
        while (end < raw.length() && raw.charAt(end) != '%') {
          end++;
        }
        bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
        i = end - 1;
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Model

  /** A node of a YAML file, with the JSON pointer that designates it there. */
  private record Node(String file, String pointer, JsonNode value) {

    Node child(String key) {
      return new Node(
          file, pointer + "/" + key.replace("~", "~0").replace("/", "~1"), value.path(key));
    }

    Node child(int index) {
      return new Node(file, pointer + "/" + index, value.path(index));
    }

    boolean missing() {
      return value.isMissingNode();
    }

    String iri() {
      return BASE_IRI + file + "#" + pointer;
    }
  }

  private record Api(Node paths, List<Route> routes, String basePath) {}

  private record Operation(
      String label,
      Node pathItem,
      Node node,
      Map<String, String> pathValues,
      List<String> undecodable,
      Map<String, List<String>> queryValues) {}

  /** A path template as a regular expression, one group per {@code {name}}. */
  private record Route(String template, Pattern pattern, List<String> names, int literals) {

    static Route of(String template) {
      StringBuilder regex = new StringBuilder();
      List<String> names = new ArrayList<>();
      Matcher variable = TEMPLATE_VARIABLE.matcher(template);
      int last = 0;
      int literals = 0;
      while (variable.find()) {
        regex.append(Pattern.quote(template.substring(last, variable.start()))).append("([^/]+)");
        literals += variable.start() - last;
        names.add(variable.group(1));
        last = variable.end();
      }
      regex.append(Pattern.quote(template.substring(last)));
      literals += template.length() - last;
      return new Route(template, Pattern.compile(regex.toString()), List.copyOf(names), literals);
    }

    /** Concrete paths win over templated ones (OpenAPI 3.0, Paths Object). */
    boolean isMoreSpecificThan(Route other) {
      return literals != other.literals
          ? literals > other.literals
          : names.size() < other.names.size();
    }
  }

  private record Document(byte[] bytes, JsonNode root) {}

  /** The YAML files, each read from the classpath once. */
  private static final class Documents {
    private final ClassLoader classLoader;
    private final String directory;
    private final ObjectMapper yaml = new YAMLMapper();
    private final ConcurrentMap<String, Document> loaded = new ConcurrentHashMap<>();

    Documents(ClassLoader classLoader, String directory) {
      this.classLoader = classLoader;
      this.directory = directory;
    }

    Document get(String file) {
      if (file == null || !FILE_NAME.matcher(file).matches()) {
        throw new IllegalArgumentException("not an OpenAPI file name: " + file);
      }
      return loaded.computeIfAbsent(file, this::load);
    }

    private Document load(String file) {
      String resource = directory + file;
      try (InputStream in = classLoader.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalArgumentException(resource + " is not on the classpath");
        }
        byte[] bytes = in.readAllBytes();
        return new Document(bytes, yaml.readTree(bytes));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException(resource + " is not valid YAML", e);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + resource, e);
      }
    }

    /** The schema registry's view: the base IRI mapped to the files, nothing else. */
    InputStreamSource resource(AbsoluteIri iri) {
      String text = iri.toString();
      if (!text.startsWith(BASE_IRI)) {
        return null;
      }
      String file = text.substring(BASE_IRI.length());
      if (!FILE_NAME.matcher(file).matches() || classLoader.getResource(directory + file) == null) {
        return () -> {
          throw new FileNotFoundException(directory + file + " is not on the classpath");
        };
      }
      return () -> new ByteArrayInputStream(get(file).bytes());
    }
  }
}
