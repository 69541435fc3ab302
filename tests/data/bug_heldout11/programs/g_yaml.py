"""A PyYAML loader bug: a YAMLObject subclass registers its tag's constructor on one loader class only, so loading
through another loader (the default of yaml.load, unsafe_load, CLoader) cannot build the tag."""

from programs import P, Run

U_Y_CANON = "https://github.com/yaml/pyyaml/issues/266"
U_Y_DUP = "https://github.com/yaml/pyyaml/issues/295"
U_Y_CLOADER = "https://github.com/yaml/pyyaml/issues/621"

PROGRAMS = [
    Run(
        "pyyaml-5.1",
        P(
            "pyyaml_yamlobject_tag_not_on_loader",
            "yaml",
            "stack template with a custom !Ref tag read with yaml.load",
            "ConstructorError",
            U_Y_CANON,
            {
                "render_stack.py": r"""
                from pathlib import Path

                import yaml

                from cfn_tags import Ref

                template = yaml.load(Path("stack.yaml").read_text())
                print({name: res for name, res in template["Resources"].items()})
                """,
                "cfn_tags.py": r"""
                import yaml


                class Ref(yaml.YAMLObject):
                    yaml_tag = "!Ref"

                    def __init__(self, val):
                        self.val = val

                    @classmethod
                    def from_yaml(cls, loader, node):
                        return cls(node.value)

                    def __repr__(self):
                        return f"Ref({self.val!r})"
                """,
                "stack.yaml": "Resources:\n  Bucket:\n    Name: !Ref BucketName\n",
            },
        ),
    ),
    Run(
        "pyyaml-5.1",
        P(
            "pyyaml_yamlobject_tag_not_on_loader",
            "yaml",
            "documentation-style YAMLObject loaded with unsafe_load",
            "ConstructorError",
            U_Y_DUP,
            {
                "monsters.py": r"""
                import yaml


                class Monster(yaml.YAMLObject):
                    yaml_tag = "!Monster"

                    def __init__(self, name, hp):
                        self.name = name
                        self.hp = hp


                doc = '''
                !Monster
                name: Cave spider
                hp: [2, 6]
                '''
                print(vars(yaml.unsafe_load(doc)))
                """,
            },
        ),
    ),
    Run(
        "pyyaml-6.0.1",
        P(
            "pyyaml_yamlobject_tag_not_on_loader",
            "yaml",
            "object dumped and read back with the fast C loader",
            "ConstructorError",
            U_Y_CLOADER,
            {
                "roundtrip.py": r"""
                import yaml


                class Job(yaml.YAMLObject):
                    yaml_tag = "!Job"

                    def __init__(self, name, retries):
                        self.name = name
                        self.retries = retries


                if __name__ == "__main__":
                    text = yaml.dump(Job("nightly", 3))
                    job = yaml.load(text, Loader=yaml.CLoader)
                    print(job.name)
                """,
            },
        ),
    ),
]
