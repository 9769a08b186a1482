package io.informer4j.kubernetes.testserver;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resource quantities in the canonical form the API server writes them in
 * (k8s.io/apimachinery/pkg/api/resource/quantity.go: ParseQuantity, CanonicalizeBytes): the value
 * rounded up to nano units (a binary one capped at 2^63-1), written with the largest suffix of its format that needs no fraction —
 * binary ({@code Ki}…{@code Ei}) when it was written so and is a whole number of at least 1024,
 * decimal SI ({@code n}…{@code E}) or a decimal exponent ({@code e3}) otherwise. {@code "1000m"} is
 * {@code "1"}, {@code "0.5"} is {@code "500m"}, {@code "1024Mi"} is {@code "1Gi"}, {@code "1e3"}
 * stays {@code "1e3"}. Stateless.
 */
final class Quantities {

  /** The message of the API server's decoder for a quantity it cannot read. */
  static final String SYNTAX = "quantities must match the regular expression "
      + "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

  private static final Pattern QUANTITY = Pattern.compile(
      "([+-]?)([0-9]*)(?:\\.([0-9]*))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?");
  private static final List<String> BINARY = List.of("", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei");
  private static final Map<Integer, String> DECIMAL = Map.ofEntries(Map.entry(-9, "n"), Map.entry(-6, "u"),
      Map.entry(-3, "m"), Map.entry(0, ""), Map.entry(3, "k"), Map.entry(6, "M"), Map.entry(9, "G"),
      Map.entry(12, "T"), Map.entry(15, "P"), Map.entry(18, "E"));
  private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigInteger KIBI = BigInteger.valueOf(1024);
  private static final int NANO_SCALE = 9;

  private enum Format { BINARY_SI, DECIMAL_SI, DECIMAL_EXPONENT }

  private record Parsed(BigDecimal value, Format format) {
  }

  private Quantities() {
  }

  /**
   * Returns the canonical form of a quantity as a client sent it: a string, or a JSON number.
   *
   * @throws IllegalArgumentException with {@link #SYNTAX} when it is not a quantity
   */
  static String canonical(Object sent) {
    Parsed parsed = parse(sent);
    return write(parsed.value(), parsed.format());
  }

  /**
   * Returns the value of a quantity (rounded up to nano units).
   *
   * @throws IllegalArgumentException with {@link #SYNTAX} when it is not a quantity
   */
  static BigDecimal value(Object sent) {
    return parse(sent).value();
  }

  private static Parsed parse(Object sent) {
    String text = sent instanceof Number number ? new BigDecimal(number.toString()).toPlainString() : String.valueOf(sent);
    Matcher matcher = QUANTITY.matcher(text);
    if (text.isEmpty() || !matcher.matches() || matcher.group(2).isEmpty() && matcher.group(3) == null) {
      throw new IllegalArgumentException(SYNTAX);
    }
    String digits = (matcher.group(2).isEmpty() ? "0" : matcher.group(2))
        + (matcher.group(3) == null || matcher.group(3).isEmpty() ? "" : "." + matcher.group(3));
    BigDecimal value = new BigDecimal(digits);
    String suffix = matcher.group(4) == null ? "" : matcher.group(4);
    Format format;
    if (BINARY.contains(suffix) && !suffix.isEmpty()) {
      format = Format.BINARY_SI;
      value = value.multiply(new BigDecimal(KIBI.pow(BINARY.indexOf(suffix))));
    } else if (DECIMAL.containsValue(suffix)) {
      format = Format.DECIMAL_SI;
      value = value.scaleByPowerOfTen(decimalExponent(suffix));
    } else {
      format = Format.DECIMAL_EXPONENT;
      value = value.scaleByPowerOfTen(Integer.parseInt(suffix.substring(1)));
    }
    value = value.setScale(NANO_SCALE, RoundingMode.UP);
    if (format == Format.BINARY_SI) {
      value = value.min(MAX);
    }
    if ("-".equals(matcher.group(1))) {
      value = value.negate();
    }
    return new Parsed(value, format);
  }

  private static int decimalExponent(String suffix) {
    return DECIMAL.entrySet().stream().filter(e -> e.getValue().equals(suffix)).findFirst().orElseThrow().getKey();
  }

  private static String write(BigDecimal value, Format format) {
    if (value.signum() == 0) {
      return "0";
    }
    if (format == Format.BINARY_SI && value.abs().compareTo(BigDecimal.valueOf(1024)) >= 0
        && value.stripTrailingZeros().scale() <= 0) {
      BigInteger whole = value.toBigIntegerExact();
      int power = 0;
      while (power < BINARY.size() - 1 && whole.mod(KIBI).signum() == 0) {
        whole = whole.divide(KIBI);
        power++;
      }
      return whole + BINARY.get(power);
    }
    BigDecimal stripped = value.stripTrailingZeros();
    int exponent = -stripped.scale();
    int exponent3 = Math.floorDiv(exponent, 3) * 3;
    BigInteger mantissa = stripped.unscaledValue().multiply(BigInteger.TEN.pow(exponent - exponent3));
    if (format == Format.DECIMAL_EXPONENT || !DECIMAL.containsKey(exponent3)) {
      return mantissa + (exponent3 == 0 ? "" : "e" + exponent3);
    }
    return mantissa + DECIMAL.get(exponent3);
  }
}
