package io.informer4j.kubernetes.testserver;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.types.CelType;
import dev.cel.common.types.OpaqueType;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.ArrayList;
import java.util.List;

/**
 * The Kubernetes semver library for validation rules (k8s.io/apiserver pkg/cel/library/semverlib.go):
 * {@code semver(s)}, {@code isSemver(s)}, and on a version {@code major()}, {@code minor()},
 * {@code patch()}, {@code compareTo(v)}, {@code isGreaterThan(v)}, {@code isLessThan(v)}; versions are
 * read, compared (pre-releases before releases, build metadata ignored) and refused with the messages
 * of github.com/blang/semver/v4, the parser the API server uses. Stateless.
 */
final class CelSemverLibrary {

  /** The CEL type of a version. */
  static final CelType SEMVER = OpaqueType.create("kubernetes.Semver");

  private static final String NUMBERS = "0123456789";
  private static final String ALPHANUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-" + NUMBERS;

  private CelSemverLibrary() {
  }

  /**
   * A version: unsigned major, minor and patch numbers and the pre-release identifiers (a
   * {@code Long} for a numeric one, else a {@code String}); equal when they compare equal.
   */
  record Version(long major, long minor, long patch, List<Object> pre) implements Comparable<Version> {
    @Override
    public int compareTo(Version other) {
      int numbers = Long.compareUnsigned(major, other.major) != 0 ? Long.compareUnsigned(major, other.major)
          : Long.compareUnsigned(minor, other.minor) != 0 ? Long.compareUnsigned(minor, other.minor)
          : Long.compareUnsigned(patch, other.patch);
      if (numbers != 0 || pre.isEmpty() && other.pre.isEmpty()) {
        return Integer.signum(numbers);
      }
      if (pre.isEmpty() || other.pre.isEmpty()) {
        return pre.isEmpty() ? 1 : -1;
      }
      for (int i = 0; i < Math.min(pre.size(), other.pre.size()); i++) {
        int compared = comparePre(pre.get(i), other.pre.get(i));
        if (compared != 0) {
          return compared;
        }
      }
      return Integer.compare(pre.size(), other.pre.size());
    }

    private static int comparePre(Object a, Object b) {
      if (a instanceof Long x && b instanceof Long y) {
        return Integer.signum(Long.compareUnsigned(x, y));
      }
      if (a instanceof Long || b instanceof Long) {
        return a instanceof Long ? -1 : 1;
      }
      return Integer.signum(((String) a).compareTo((String) b));
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Version v && compareTo(v) == 0;
    }

    @Override
    public int hashCode() {
      return Long.hashCode(major) * 31 * 31 + Long.hashCode(minor) * 31 + Long.hashCode(patch);
    }
  }

  /** Returns the declarations of the functions, for the compiler. */
  static List<CelFunctionDecl> declarations() {
    return List.of(
        CelFunctionDecl.newFunctionDeclaration("semver",
            CelOverloadDecl.newGlobalOverload("string_to_semver", SEMVER, SimpleType.STRING)),
        CelFunctionDecl.newFunctionDeclaration("isSemver",
            CelOverloadDecl.newGlobalOverload("is_semver_string", SimpleType.BOOL, SimpleType.STRING)),
        member("isGreaterThan", "semver_is_greater_than", SimpleType.BOOL, SEMVER),
        member("isLessThan", "semver_is_less_than", SimpleType.BOOL, SEMVER),
        member("compareTo", "semver_compare_to", SimpleType.INT, SEMVER),
        member("major", "semver_major", SimpleType.INT),
        member("minor", "semver_minor", SimpleType.INT),
        member("patch", "semver_patch", SimpleType.INT));
  }

  /** Returns the implementations of the functions, for the runtime. */
  static List<CelFunctionBinding> bindings() {
    return List.of(
        CelFunctionBinding.from("string_to_semver", String.class, CelSemverLibrary::semver),
        CelFunctionBinding.from("is_semver_string", String.class,
            text -> CelKubernetesLibrary.parses(() -> parse(text))),
        CelFunctionBinding.from("semver_is_greater_than", Version.class, Version.class, (a, b) -> a.compareTo(b) > 0),
        CelFunctionBinding.from("semver_is_less_than", Version.class, Version.class, (a, b) -> a.compareTo(b) < 0),
        CelFunctionBinding.from("semver_compare_to", Version.class, Version.class, (a, b) -> (long) a.compareTo(b)),
        CelFunctionBinding.from("semver_major", Version.class, Version::major),
        CelFunctionBinding.from("semver_minor", Version.class, Version::minor),
        CelFunctionBinding.from("semver_patch", Version.class, Version::patch));
  }

  private static CelFunctionDecl member(String name, String overload, CelType result, CelType... more) {
    List<CelType> arguments = new ArrayList<>(List.of(SEMVER));
    arguments.addAll(List.of(more));
    return CelFunctionDecl.newFunctionDeclaration(name, CelOverloadDecl.newMemberOverload(overload, result, arguments));
  }

  private static Version semver(String text) throws CelEvaluationException {
    try {
      return parse(text);
    } catch (IllegalArgumentException e) {
      throw new CelEvaluationException(e.getMessage());
    }
  }

  /** semver.Parse. @throws IllegalArgumentException with its message */
  static Version parse(String text) {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("Version string empty");
    }
    String[] parts = text.split("\\.", 3);
    if (parts.length != 3) {
      throw new IllegalArgumentException("No Major.Minor.Patch elements found");
    }
    long major = number(parts[0], "major number", "Major number");
    long minor = number(parts[1], "minor number", "Minor number");
    String patch = parts[2];
    List<String> build = List.of();
    List<String> prerelease = List.of();
    int plus = patch.indexOf('+');
    if (plus >= 0) {
      build = List.of(patch.substring(plus + 1).split("\\.", -1));
      patch = patch.substring(0, plus);
    }
    int dash = patch.indexOf('-');
    if (dash >= 0) {
      prerelease = List.of(patch.substring(dash + 1).split("\\.", -1));
      patch = patch.substring(0, dash);
    }
    long patchNumber = number(patch, "patch number", "Patch number");
    List<Object> pre = new ArrayList<>();
    for (String identifier : prerelease) {
      pre.add(prerelease(identifier));
    }
    for (String meta : build) {
      if (meta.isEmpty()) {
        throw new IllegalArgumentException("Build meta data is empty");
      }
      if (!containsOnly(meta, ALPHANUM)) {
        throw new IllegalArgumentException("Invalid character(s) found in build meta data " + JsonValues.quote(meta));
      }
    }
    return new Version(major, minor, patchNumber, List.copyOf(pre));
  }

  private static Object prerelease(String identifier) {
    if (identifier.isEmpty()) {
      throw new IllegalArgumentException("Prerelease is empty");
    }
    if (containsOnly(identifier, NUMBERS)) {
      if (identifier.length() > 1 && identifier.charAt(0) == '0') {
        throw new IllegalArgumentException("Numeric PreRelease version must not contain leading zeroes "
            + JsonValues.quote(identifier));
      }
      return unsigned(identifier);
    }
    if (!containsOnly(identifier, ALPHANUM)) {
      throw new IllegalArgumentException("Invalid character(s) found in prerelease " + JsonValues.quote(identifier));
    }
    return identifier;
  }

  private static long number(String text, String name, String capitalised) {
    if (!containsOnly(text, NUMBERS)) {
      throw new IllegalArgumentException("Invalid character(s) found in " + name + " " + JsonValues.quote(text));
    }
    if (text.length() > 1 && text.charAt(0) == '0') {
      throw new IllegalArgumentException(capitalised + " must not contain leading zeroes " + JsonValues.quote(text));
    }
    return unsigned(text);
  }

  /** strconv.ParseUint(text, 10, 64) of digits, with its errors. */
  private static long unsigned(String digits) {
    try {
      return Long.parseUnsignedLong(digits);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("strconv.ParseUint: parsing " + JsonValues.quote(digits)
          + (digits.isEmpty() ? ": invalid syntax" : ": value out of range"), e);
    }
  }

  private static boolean containsOnly(String text, String allowed) {
    return text.chars().allMatch(c -> allowed.indexOf(c) >= 0);
  }
}
