package io.informer4j.kubernetes.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.BeanDeserializerBuilder;
import tools.jackson.databind.deser.SettableAnyProperty;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.AnnotatedMethod;
import tools.jackson.databind.module.SimpleModule;

/**
 * A Jackson module that makes {@code @JsonAnySetter} methods taking {@code (String, value)} cheap to
 * call. Every fabric8 model has one ({@code setAdditionalProperty}): it receives the fields a model
 * does not declare — the whole content of a {@code FieldsV1} (the field sets of every
 * {@code managedFields} entry) and the {@code spec}, {@code status} and everything else of a
 * {@code GenericKubernetesResource}. Jackson 3 calls such a method by binding a method handle to the
 * bean and converting it to the call's type on every call, which costs microseconds each; this
 * module prepares the handle once per bean class and calls it exactly. What is decoded is unchanged:
 * the value is still read by the original any-setter's deserializer, and errors are reported as
 * Jackson reports them. Any-setters of other shapes (fields, non-String keys, creator parameters)
 * are left as they are.
 *
 * <p>Stateless and thread-safe.
 */
final class DirectAnySetters {

  private DirectAnySetters() {
  }

  /** Returns the module to add to a mapper. */
  static JacksonModule module() {
    SimpleModule module = new SimpleModule("informer4j-direct-any-setters");
    module.setDeserializerModifier(new AnySetterReplacer());
    return module;
  }

  /** Replaces a bean's method any-setter by a {@link DirectCall} while its deserializer is built. */
  private static final class AnySetterReplacer extends ValueDeserializerModifier {
    private static final long serialVersionUID = 1L;

    @Override
    public BeanDeserializerBuilder updateBuilder(DeserializationConfig config, BeanDescription.Supplier bean,
        BeanDeserializerBuilder builder) {
      SettableAnyProperty original = builder.getAnySetter();
      if (original == null || !original.isSetterType()) {
        return builder;
      }
      AnnotatedMember accessor = bean.get().findAnySetterAccessor();
      MethodHandle setter = accessor instanceof AnnotatedMethod method ? stringKeyedSetter(method.getAnnotated()) : null;
      if (setter != null) {
        builder.setAnySetter(null);
        builder.setAnySetter(new DirectCall(original, accessor, setter));
      }
      return builder;
    }

    /** A public {@code void name(String, value)} instance method as a handle of type (Object, String, Object)void. */
    private static MethodHandle stringKeyedSetter(Method method) {
      if (method.getParameterCount() != 2 || method.getParameterTypes()[0] != String.class
          || Modifier.isStatic(method.getModifiers()) || !Modifier.isPublic(method.getModifiers())
          || !Modifier.isPublic(method.getDeclaringClass().getModifiers())) {
        return null;
      }
      try {
        return MethodHandles.publicLookup().unreflect(method)
            .asType(MethodType.methodType(void.class, Object.class, String.class, Object.class));
      } catch (IllegalAccessException | RuntimeException e) {
        return null;
      }
    }
  }

  /**
   * The any-setter of one bean class: reads values with the original any-setter (its value and type
   * deserializers, its null handling) and stores them through a prepared handle.
   */
  private static final class DirectCall extends SettableAnyProperty {
    private final SettableAnyProperty original;
    private final MethodHandle setter;

    DirectCall(SettableAnyProperty original, AnnotatedMember accessor, MethodHandle setter) {
      super(original.getProperty(), accessor, original.getType(), null, null, null);
      this.original = original;
      this.setter = setter;
    }

    @Override
    public SettableAnyProperty withValueDeserializer(ValueDeserializer<Object> deserializer) {
      return new DirectCall(original.withValueDeserializer(deserializer), _setter, setter);
    }

    @Override
    public boolean hasValueDeserializer() {
      return original.hasValueDeserializer();
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context) {
      return original.deserialize(parser, context);
    }

    @Override
    public void deserializeAndSet(JsonParser parser, DeserializationContext context, Object instance, String name) {
      set(context, instance, name, original.deserialize(parser, context));
    }

    @Override
    protected void _set(DeserializationContext context, Object instance, Object name, Object value) throws Exception {
      try {
        setter.invokeExact(instance, (String) name, value);
      } catch (Exception | Error e) {
        throw e;
      } catch (Throwable e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
