package io.informer4j.kubernetes.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Reads and writes the two properties that fabric8's generated model classes each declare on their
 * own, without a common interface: {@code kind} and {@code additionalProperties} (the JSON fields
 * the class does not know). A class without one of them is left alone. Thread-safe; the accessors of
 * each class are looked up once.
 */
public final class ModelProperties {

  private static final ClassValue<ModelProperties> OF_CLASS = new ClassValue<>() {
    @Override
    protected ModelProperties computeValue(Class<?> type) {
      return new ModelProperties(type);
    }
  };

  private final MethodHandle getKind;
  private final MethodHandle setKind;
  private final MethodHandle getAdditional;
  private final MethodHandle setAdditional;

  private ModelProperties(Class<?> type) {
    getKind = accessor(type, "getKind", MethodType.methodType(String.class));
    setKind = accessor(type, "setKind", MethodType.methodType(void.class, String.class));
    getAdditional = accessor(type, "getAdditionalProperties", MethodType.methodType(Map.class));
    setAdditional = accessor(type, "setAdditionalProperties", MethodType.methodType(void.class, Map.class));
  }

  /** Returns the accessors of {@code model}'s class. */
  public static ModelProperties of(Object model) {
    return OF_CLASS.get(model.getClass());
  }

  /** Replaces the model's {@code kind} by {@code change.apply(kind)}, if the class has both accessors. */
  public void replaceKind(Object model, UnaryOperator<String> change) {
    if (getKind != null && setKind != null) {
      set(setKind, model, change.apply((String) get(getKind, model)));
    }
  }

  /**
   * Replaces the model's additional properties by {@code change.apply(properties)}, if the class has
   * both accessors.
   */
  @SuppressWarnings("unchecked")
  public void replaceAdditionalProperties(Object model, UnaryOperator<Map<String, Object>> change) {
    if (getAdditional != null && setAdditional != null) {
      set(setAdditional, model, change.apply((Map<String, Object>) get(getAdditional, model)));
    }
  }

  /** Returns the public method, adapted to take and return {@code Object}s, or null if there is none. */
  private static MethodHandle accessor(Class<?> type, String name, MethodType methodType) {
    try {
      MethodHandle method = MethodHandles.publicLookup().findVirtual(type, name, methodType);
      return method.asType(method.type().generic());
    } catch (NoSuchMethodException | IllegalAccessException absent) {
      return null;
    }
  }

  private static Object get(MethodHandle getter, Object model) {
    try {
      return (Object) getter.invokeExact(model);
    } catch (Throwable failure) {
      throw rethrown(failure);
    }
  }

  private static void set(MethodHandle setter, Object model, Object value) {
    try {
      Object none = (Object) setter.invokeExact(model, value);
      assert none == null;
    } catch (Throwable failure) {
      throw rethrown(failure);
    }
  }

  private static RuntimeException rethrown(Throwable failure) {
    if (failure instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    return new IllegalStateException(failure);
  }
}
