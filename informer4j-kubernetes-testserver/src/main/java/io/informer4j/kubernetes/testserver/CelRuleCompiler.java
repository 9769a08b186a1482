package io.informer4j.kubernetes.testserver;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.CelValidationResult;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OptionalType;
import dev.cel.common.types.SimpleType;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import dev.cel.runtime.Program;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Compiles the {@code x-kubernetes-validations} rules of one schema node as the apiextensions-apiserver
 * does (pkg/apiserver/schema/cel/compilation.go): {@code self} (and {@code oldSelf}, an
 * {@code optional} of it for a rule with {@code optionalOldSelf: true}) typed by the node's schema
 * ({@link CelSchemaTypes}); the standard macros and functions ({@code has}, {@code all},
 * {@code exists}, {@code exists_one}, {@code map}, {@code filter}, {@code size}, {@code matches},
 * {@code startsWith}, {@code endsWith}, {@code contains}, …), CEL's string, sets and optional
 * libraries, the Kubernetes list and regex libraries ({@link CelKubernetesLibrary}) the quantity
 * library ({@link CelQuantityLibrary}) the ip and cidr libraries
 * ({@link CelNetworkLibrary}), the URL library ({@link CelUrlLibrary}), the format library
 * ({@link CelFormatLibrary}) and the semver library ({@link CelSemverLibrary});
 * homogeneous aggregate literals and cross-type numeric comparisons. A rule must be a {@code bool},
 * a {@code messageExpression} a {@code string}; a rule naming {@code oldSelf} is a transition rule.
 * A problem is reported with the API server's wording ({@code compilation failed: ERROR: <input>:1:5: …}).
 * Not thread-safe; a compiled rule is.
 */
final class CelRuleCompiler {

  /** The reasons a rule may give its failures (ValidationRule.reason). */
  static final List<String> REASONS = List.of("FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid",
      "FieldValueRequired");

  private static final CelOptions OPTIONS = CelOptions.current().enableHomogeneousLiterals(true)
      .enableHeterogeneousNumericComparisons(true).enableOptionalSyntax(true).build();

  /** The functions of the Kubernetes libraries, declared for the compiler and bound for the runtime. */
  private static final List<CelFunctionDecl> KUBERNETES_DECLARATIONS = Stream.of(CelKubernetesLibrary.declarations(),
      CelQuantityLibrary.declarations(), CelNetworkLibrary.declarations(), CelUrlLibrary.declarations(),
      CelFormatLibrary.declarations(), CelSemverLibrary.declarations()).flatMap(List::stream).toList();
  private static final List<CelFunctionBinding> KUBERNETES_BINDINGS = Stream.of(CelKubernetesLibrary.bindings(),
      CelQuantityLibrary.bindings(), CelNetworkLibrary.bindings(), CelUrlLibrary.bindings(),
      CelFormatLibrary.bindings(), CelSemverLibrary.bindings()).flatMap(List::stream).toList();

  private final CelSchemaTypes types;
  private final CelType self;
  private Cel required;
  private Cel optional;

  /** Prepares to compile the rules of the node {@code schema} ({@code resource}: a resource's root) under the type name {@code typeName}. */
  CelRuleCompiler(Map<?, ?> schema, boolean resource, String typeName) {
    this.types = new CelSchemaTypes(typeName);
    this.self = types.typeOf(schema, resource);
  }

  /**
   * Compiles the rule {@code rule} (an entry of {@code x-kubernetes-validations}); its problems go to
   * {@code problems} as (field under the rule, detail) and the result is then null.
   */
  CelRule compile(Map<?, ?> rule, Problems problems) {
    String text = Documents.text(rule, "rule") == null ? "" : Documents.text(rule, "rule").trim();
    boolean optionalOldSelf = Boolean.TRUE.equals(rule.get("optionalOldSelf"));
    Cel cel = environment(optionalOldSelf);
    CelAbstractSyntaxTree ast = check(cel, text, SimpleType.BOOL, "", "cel expression must evaluate to a bool",
        detail -> problems.add("rule", detail));
    String messageExpression = Documents.text(rule, "messageExpression");
    CelAbstractSyntaxTree message = messageExpression == null || messageExpression.isBlank() ? null
        : check(environment(false), messageExpression, SimpleType.STRING, "messageExpression ",
        "messageExpression must evaluate to a string", detail -> problems.add("messageExpression", detail));
    if (ast == null || messageExpression != null && !messageExpression.isBlank() && message == null) {
      return null;
    }
    boolean transition = ast.getReferenceMap().values().stream().anyMatch(r -> r.name().equals("oldSelf"));
    String reason = Documents.text(rule, "reason");
    try {
      return new CelRule(text, Documents.text(rule, "message"), cel.createProgram(ast),
          message == null ? null : environment(false).createProgram(message), transition, optionalOldSelf,
          reason == null ? "FieldValueInvalid" : reason, Documents.text(rule, "fieldPath"));
    } catch (CelEvaluationException e) {
      problems.add("rule", "program instantiation failed: " + e.getMessage());
      return null;
    }
  }

  private static CelAbstractSyntaxTree check(Cel cel, String expression, CelType result, String prefix,
                                             String wrongType, Consumer<String> problem) {
    CelValidationResult compiled = cel.compile(expression);
    if (compiled.hasError()) {
      problem.accept(prefix + "compilation failed: " + goStyle(compiled.getErrorString()));
      return null;
    }
    try {
      CelAbstractSyntaxTree ast = compiled.getAst();
      if (!ast.getResultType().equals(result)) {
        problem.accept(wrongType);
        return null;
      }
      return ast;
    } catch (CelValidationException e) {
      problem.accept(prefix + "compilation failed: " + goStyle(e.getMessage()));
      return null;
    }
  }

  /** CEL for Java lists the candidate overloads of a call that matches none; CEL for Go does not. */
  private static String goStyle(String issues) {
    return issues.replaceAll(" \\(candidates: [^\\n]*\\)", "");
  }

  private Cel environment(boolean optionalOldSelf) {
    if (optionalOldSelf && optional == null) {
      optional = build(OptionalType.create(self));
    } else if (!optionalOldSelf && required == null) {
      required = build(self);
    }
    return optionalOldSelf ? optional : required;
  }

  private Cel build(CelType oldSelf) {
    return CelFactory.standardCelBuilder()
        .setOptions(OPTIONS)
        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
        .setTypeProvider(types)
        .addCompilerLibraries(CelExtensions.strings(), CelExtensions.sets(OPTIONS), CelExtensions.optional())
        .addRuntimeLibraries(CelExtensions.strings(), CelExtensions.sets(OPTIONS), CelExtensions.optional())
        .addFunctionDeclarations(KUBERNETES_DECLARATIONS)
        .addFunctionBindings(KUBERNETES_BINDINGS)
        .addVar("self", self)
        .addVar("oldSelf", oldSelf)
        .build();
  }

  /** Where the problems of compiling a rule go: the rule's field ({@code rule}, {@code messageExpression}) and what is wrong. */
  interface Problems {
    void add(String field, String detail);
  }
}
