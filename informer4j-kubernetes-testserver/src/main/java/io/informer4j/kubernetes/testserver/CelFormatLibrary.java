package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.OptionalType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelFunctionBinding;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The Kubernetes format library for validation rules (k8s.io/apiserver pkg/cel/library/format.go):
 * {@code format.<name>()} for the named formats and {@code format.named(name)} (an optional), and
 * {@code <format>.validate(s)}, none when {@code s} is valid, else the list of its problems as the
 * API server's name and label checks word them ({@link Names}, {@link QualifiedNames}), Go's URL
 * parser ({@link GoUrls}), or the one-line messages of the uuid, byte, date and datetime formats.
 * Stateless.
 */
final class CelFormatLibrary {

  /** The CEL type of a named format. */
  static final CelType FORMAT = OpaqueType.create("kubernetes.NamedFormat");

  private static final Pattern UUID = Pattern.compile(
      "(?i)[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}");
  private static final Map<String, Format> FORMATS = formats();

  private CelFormatLibrary() {
  }

  /** A named format and its check, which returns the problems of a string (none when valid). */
  record Format(String name, Function<String, List<String>> check) {
  }

  private static Map<String, Format> formats() {
    Map<String, Format> formats = new LinkedHashMap<>();
    formats.put("dns1123Label", new Format("DNS1123Label", Names::labelErrors));
    formats.put("dns1123Subdomain", new Format("DNS1123Subdomain", Names::subdomainErrors));
    formats.put("dns1035Label", new Format("DNS1035Label", Names::dns1035LabelErrors));
    formats.put("qualifiedName", new Format("QualifiedName", QualifiedNames::keyErrors));
    formats.put("dns1123LabelPrefix", new Format("DNS1123LabelPrefix", s -> Names.labelErrors(maskTrailingDash(s))));
    formats.put("dns1123SubdomainPrefix", new Format("DNS1123SubdomainPrefix",
        s -> Names.subdomainErrors(maskTrailingDash(s))));
    formats.put("dns1035LabelPrefix", new Format("DNS1035LabelPrefix",
        s -> Names.dns1035LabelErrors(maskTrailingDash(s))));
    formats.put("labelValue", new Format("LabelValue", QualifiedNames::labelValueErrors));
    formats.put("uri", new Format("URI", s -> {
      try {
        GoUrls.parseRequestUri(s);
        return List.of();
      } catch (IllegalArgumentException e) {
        return List.of(e.getMessage());
      }
    }));
    formats.put("uuid", new Format("uuid", s -> UUID.matcher(s).matches() ? List.of()
        : List.of("does not match the UUID format")));
    formats.put("byte", new Format("byte", s -> CelKubernetesLibrary.parses(() -> Base64.getDecoder().decode(s))
        ? List.of() : List.of("invalid base64")));
    formats.put("date", new Format("date", s -> CelKubernetesLibrary.parses(() -> LocalDate.parse(s)) ? List.of()
        : List.of("invalid date")));
    formats.put("datetime", new Format("datetime", s -> CelKubernetesLibrary.parses(() -> OffsetDateTime.parse(s))
        ? List.of() : List.of("invalid datetime")));
    return formats;
  }

  /** Returns the declarations of the functions, for the compiler. */
  static List<CelFunctionDecl> declarations() {
    List<CelFunctionDecl> declarations = new ArrayList<>();
    for (String name : FORMATS.keySet()) {
      declarations.add(CelFunctionDecl.newFunctionDeclaration("format." + name,
          CelOverloadDecl.newGlobalOverload("format." + name, FORMAT)));
    }
    declarations.add(CelFunctionDecl.newFunctionDeclaration("format.named",
        CelOverloadDecl.newGlobalOverload("format-named", OptionalType.create(FORMAT), SimpleType.STRING)));
    declarations.add(CelFunctionDecl.newFunctionDeclaration("validate", CelOverloadDecl.newMemberOverload(
        "format-validate", OptionalType.create(ListType.create(SimpleType.STRING)), FORMAT, SimpleType.STRING)));
    return declarations;
  }

  /** Returns the implementations of the functions, for the runtime. */
  static List<CelFunctionBinding> bindings() {
    List<CelFunctionBinding> bindings = new ArrayList<>();
    FORMATS.forEach((name, format) -> bindings.add(
        CelFunctionBinding.from("format." + name, List.of(), arguments -> format)));
    bindings.add(CelFunctionBinding.from("format-named", String.class, name -> Optional.ofNullable(FORMATS.get(name))));
    bindings.add(CelFunctionBinding.from("format-validate", Format.class, String.class, (format, text) -> {
      List<String> problems = format.check().apply(text);
      return problems.isEmpty() ? Optional.empty() : Optional.of(problems);
    }));
    return bindings;
  }

  /** maskTrailingDash (apimachinery's name validation): a prefix may end with a dash. */
  private static String maskTrailingDash(String name) {
    return name.length() > 1 && name.endsWith("-") ? name.substring(0, name.length() - 2) + "a" : name;
  }
}
