package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The Kubernetes quantity library for validation rules (k8s.io/apiserver pkg/cel/library/quantity.go):
 * {@code quantity(s)}, {@code isQuantity(s)}, {@code sign(q)}, and on a quantity {@code isInteger()},
 * {@code asInteger()}, {@code asApproximateFloat()}, {@code add(q|int)}, {@code sub(q|int)},
 * {@code compareTo(q)}, {@code isGreaterThan(q)}, {@code isLessThan(q)}; quantities are equal when
 * their values are. Parsing is the server's ({@link Quantities}). Stateless.
 */
final class CelQuantityLibrary {

  /** The CEL type of a quantity. */
  static final CelType QUANTITY = OpaqueType.create("kubernetes.Quantity");

  /** What resource.ParseQuantity reads before it looks at the suffix. */
  private static final Pattern GENERAL = Pattern.compile("^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$");
  private static final BigDecimal MIN_LONG = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);

  private CelQuantityLibrary() {
  }

  /** A quantity's value; two are equal when their values are (Quantity.Equal). */
  record Quantity(BigDecimal value) {
    @Override
    public boolean equals(Object other) {
      return other instanceof Quantity q && q.value.compareTo(value) == 0;
    }

    @Override
    public int hashCode() {
      return value.stripTrailingZeros().hashCode();
    }
  }

  /** Returns the declarations of the functions, for the compiler. */
  static List<CelFunctionDecl> declarations() {
    return List.of(
        global("quantity", "string_to_quantity", QUANTITY, SimpleType.STRING),
        global("isQuantity", "is_quantity_string", SimpleType.BOOL, SimpleType.STRING),
        global("sign", "quantity_sign", SimpleType.INT, QUANTITY),
        member("isGreaterThan", "quantity_is_greater_than", SimpleType.BOOL, QUANTITY, QUANTITY),
        member("isLessThan", "quantity_is_less_than", SimpleType.BOOL, QUANTITY, QUANTITY),
        member("compareTo", "quantity_compare_to", SimpleType.INT, QUANTITY, QUANTITY),
        member("asApproximateFloat", "quantity_get_float", SimpleType.DOUBLE, QUANTITY),
        member("asInteger", "quantity_get_int", SimpleType.INT, QUANTITY),
        member("isInteger", "quantity_is_integer", SimpleType.BOOL, QUANTITY),
        CelFunctionDecl.newFunctionDeclaration("add",
            CelOverloadDecl.newMemberOverload("quantity_add", QUANTITY, QUANTITY, QUANTITY),
            CelOverloadDecl.newMemberOverload("quantity_add_int", QUANTITY, QUANTITY, SimpleType.INT)),
        CelFunctionDecl.newFunctionDeclaration("sub",
            CelOverloadDecl.newMemberOverload("quantity_sub", QUANTITY, QUANTITY, QUANTITY),
            CelOverloadDecl.newMemberOverload("quantity_sub_int", QUANTITY, QUANTITY, SimpleType.INT)));
  }

  /** Returns the implementations of the functions, for the runtime. */
  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("string_to_quantity", String.class, CelQuantityLibrary::parse),
        CelFunctionBinding.from("is_quantity_string", String.class,
            text -> CelKubernetesLibrary.parses(() -> parse(text))),
        CelFunctionBinding.from("quantity_sign", Quantity.class, q -> (long) q.value().signum()),
        CelFunctionBinding.from("quantity_is_greater_than", Quantity.class, Quantity.class,
            (a, b) -> a.value().compareTo(b.value()) > 0),
        CelFunctionBinding.from("quantity_is_less_than", Quantity.class, Quantity.class,
            (a, b) -> a.value().compareTo(b.value()) < 0),
        CelFunctionBinding.from("quantity_compare_to", Quantity.class, Quantity.class,
            (a, b) -> (long) Integer.signum(a.value().compareTo(b.value()))),
        CelFunctionBinding.from("quantity_get_float", Quantity.class, q -> q.value().doubleValue()),
        CelFunctionBinding.from("quantity_get_int", Quantity.class, q -> {
          if (!isInteger(q)) {
            throw new CelEvaluationException("cannot convert value to integer");
          }
          return q.value().longValueExact();
        }),
        CelFunctionBinding.from("quantity_is_integer", Quantity.class, CelQuantityLibrary::isInteger),
        CelFunctionBinding.from("quantity_add", Quantity.class, Quantity.class,
            (a, b) -> new Quantity(a.value().add(b.value()))),
        CelFunctionBinding.from("quantity_add_int", Quantity.class, Long.class,
            (a, n) -> new Quantity(a.value().add(BigDecimal.valueOf(n)))),
        CelFunctionBinding.from("quantity_sub", Quantity.class, Quantity.class,
            (a, b) -> new Quantity(a.value().subtract(b.value()))),
        CelFunctionBinding.from("quantity_sub_int", Quantity.class, Long.class,
            (a, n) -> new Quantity(a.value().subtract(BigDecimal.valueOf(n)))));
  }

  private static CelFunctionDecl global(String name, String overload, CelType result, CelType argument) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newGlobalOverload(overload, result, argument));
  }

  private static CelFunctionDecl member(String name, String overload, CelType result, CelType... arguments) {
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(overload, result, arguments));
  }

  /** resource.ParseQuantity's errors: its regular expression, else an unknown suffix. */
  private static Quantity parse(String text) throws CelEvaluationException {
    try {
      return new Quantity(Quantities.value(text));
    } catch (IllegalArgumentException unreadable) {
      throw new CelEvaluationException(GENERAL.matcher(text).matches() ? "unable to parse quantity's suffix"
          : Quantities.SYNTAX);
    }
  }

  /** Quantity.AsInt64 succeeds: a whole number within int64. */
  private static boolean isInteger(Quantity q) {
    BigDecimal value = q.value();
    return value.stripTrailingZeros().scale() <= 0 && value.compareTo(MIN_LONG) >= 0 && value.compareTo(MAX_LONG) <= 0;
  }
}
