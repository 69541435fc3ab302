"""Groups where a desktop or device library meets a machine without the piece it needs: playsound without PyGObject,
pyautogui without an X display, SpeechRecognition's Microphone without PyAudio, spotipy without client credentials,
and the PyPI package `serial` installed in place of pyserial.

Library licences: playsound MIT, PyAutoGUI BSD-3-Clause, MouseInfo GPL-3.0, python3-xlib LGPL-2.1,
SpeechRecognition BSD-3-Clause, spotipy MIT, serial (the PyPI project of that name) MIT.
"""

from programs import P

SOURCES = {
    "playsound_needs_gi_on_linux": [
        "https://github.com/TaylorSMarks/playsound/issues/24",
        "https://github.com/TaylorSMarks/playsound/issues/44",
        "https://github.com/TaylorSMarks/playsound/issues/54",
    ],
    "pyautogui_without_display": [
        "https://github.com/asweigart/pyautogui/issues/382",
        "https://github.com/asweigart/pyautogui/issues/585",
        "https://github.com/openinterpreter/openinterpreter/issues/1552",
        "https://github.com/asweigart/pyautogui/issues/184",
    ],
    "microphone_without_pyaudio": [
        "https://github.com/Uberi/speech_recognition/issues/556",
        "https://github.com/Uberi/speech_recognition/issues/326",
        "https://github.com/Uberi/speech_recognition/issues/545",
    ],
    "spotify_client_id_not_set": [
        "https://github.com/norbeyandresg/hades/issues/21",
        "https://github.com/Noko7/Spotify-Downloader/issues/3",
        "https://github.com/dupontgu/retro-ipod-spotify-client/issues/56",
    ],
    "serial_package_instead_of_pyserial": [
        "https://github.com/Civlo85/gsmHat/issues/3",
        "https://github.com/pyhys/minimalmodbus/issues/139",
        "https://github.com/Krupskis/Hardware-Guide/issues/2",
        "https://github.com/bluerobotics/ping-python/issues/28",
    ],
}
S = SOURCES

PROGRAMS = [
    # playsound 1.2 on Linux plays through GStreamer via PyGObject (`gi`), which pip does not install
    P(
        "playsound_needs_gi_on_linux",
        "playsound",
        "alarm sound played with playsound(filename)",
        "ModuleNotFoundError",
        S["playsound_needs_gi_on_linux"][0],
        {
            "soundplay.py": r"""
            import wave

            from playsound import playsound

            filename = "beep.wav"
            with wave.open(filename, "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(8000)
                w.writeframes(b"\x00\x10" * 4000)
            playsound(filename)
        """,
        },
    ),
    P(
        "playsound_needs_gi_on_linux",
        "playsound",
        "voice assistant module playing a chime after each answer",
        "ModuleNotFoundError",
        S["playsound_needs_gi_on_linux"][1],
        {
            "assistant.py": r"""
            from audio import chime

            answer = "It is 14:00."
            print(answer)
            chime()
        """,
            "audio.py": r"""
            import os

            from playsound import playsound

            SOUNDS = os.path.join(os.path.dirname(__file__), "sounds")


            def chime():
                playsound(os.path.join(SOUNDS, "chime.mp3"), block=True)
        """,
            "sounds/chime.mp3": "ID3",
        },
    ),
    P(
        "playsound_needs_gi_on_linux",
        "playsound",
        "notification handler playing an alert file from a config path",
        "ModuleNotFoundError",
        S["playsound_needs_gi_on_linux"][2],
        {
            "notify.py": r"""
            import json

            from playsound import playsound


            class AudioHandler:
                def __init__(self, config):
                    self.path = config["alert_sound"]

                def send(self, message):
                    print("ALERT:", message)
                    playsound(self.path)


            with open("notify.json") as fh:
                AudioHandler(json.load(fh)).send("item back in stock")
        """,
            "notify.json": '{"alert_sound": "alert.wav"}\n',
        },
    ),
    # pyautogui (through mouseinfo / Xlib) opens the X display at import; no DISPLAY is set
    P(
        "pyautogui_without_display",
        "pyautogui",
        "click automation script importing pyautogui",
        "KeyError",
        S["pyautogui_without_display"][0],
        {
            "clicker.py": r"""
            import time

            import pyautogui

            for x, y in [(1124, 729), (1001, 1026)]:
                pyautogui.click(x, y)
                time.sleep(0.5)
        """,
        },
    ),
    P(
        "pyautogui_without_display",
        "pyautogui",
        "screenshot helper in a service started headless",
        "KeyError",
        S["pyautogui_without_display"][1],
        {
            "service.py": r"""
            import logging

            from capture import grab_region

            logging.basicConfig(level=logging.INFO)
            logging.info("service starting")
            grab_region(0, 0, 200, 100).save("region.png")
        """,
            "capture.py": r"""
            import pyautogui


            def grab_region(left, top, width, height):
                return pyautogui.screenshot(region=(left, top, width, height))
        """,
        },
    ),
    P(
        "pyautogui_without_display",
        "pyautogui",
        "computer tool importing pyautogui inside a function over SSH",
        "KeyError",
        S["pyautogui_without_display"][2],
        {
            "agent.py": r"""
            from tools.computer import move_to

            print(move_to(100, 200))
        """,
            "tools/__init__.py": "",
            "tools/computer.py": r"""
            def move_to(x, y):
                import pyautogui

                pyautogui.moveTo(x, y, duration=0.2)
                return pyautogui.position()
        """,
        },
    ),
    # speech_recognition.Microphone needs the PyAudio package (and PortAudio), which is not installed
    P(
        "microphone_without_pyaudio",
        "speech_recognition",
        "voice command taken from sr.Microphone() in a helper",
        "AttributeError",
        S["microphone_without_pyaudio"][0],
        {
            "jarvis.py": r"""
            import speech_recognition as sr


            def take_command():
                r = sr.Recognizer()
                with sr.Microphone() as source:
                    r.pause_threshold = 1
                    audio = r.listen(source)
                return r.recognize_google(audio, language="en-in")


            query = take_command().lower()
            print("you said", query)
        """,
        },
    ),
    P(
        "microphone_without_pyaudio",
        "speech_recognition",
        "microphone listed and opened by index on a Raspberry Pi listener",
        "AttributeError",
        S["microphone_without_pyaudio"][1],
        {
            "listen.py": r"""
            import speech_recognition as sr

            MIC_INDEX = 2

            r = sr.Recognizer()
            mic = sr.Microphone(device_index=MIC_INDEX, sample_rate=16000)
            with mic as source:
                r.adjust_for_ambient_noise(source)
                print("listening...")
        """,
        },
    ),
    P(
        "microphone_without_pyaudio",
        "speech_recognition",
        "assistant loop whose listener class opens the microphone in __init__",
        "AttributeError",
        S["microphone_without_pyaudio"][2],
        {
            "panda.py": r"""
            from listener import Listener

            ears = Listener()
            for _ in range(2):
                print(ears.hear())
        """,
            "listener.py": r"""
            import speech_recognition as sr


            class Listener:
                def __init__(self):
                    self.recognizer = sr.Recognizer()
                    self.mic = sr.Microphone()

                def hear(self):
                    with self.mic as source:
                        audio = self.recognizer.listen(source, timeout=5)
                    return self.recognizer.recognize_sphinx(audio)
        """,
        },
    ),
    # spotipy needs a client id/secret (arguments or SPOTIPY_CLIENT_ID/SECRET); none reached the call
    P(
        "spotify_client_id_not_set",
        "spotipy",
        "client credentials manager built from module constants left empty",
        "SpotifyOauthError",
        S["spotify_client_id_not_set"][0],
        {
            "downloader.py": r"""
            import spotipy
            from spotipy.oauth2 import SpotifyClientCredentials

            CLIENT_ID = ""
            CLIENT_SECRET = ""


            class Playlists:
                def __init__(self):
                    self.auth_manager = SpotifyClientCredentials(
                        client_id=CLIENT_ID or None, client_secret=CLIENT_SECRET
                    )
                    self.sp = spotipy.Spotify(auth_manager=self.auth_manager)

                def tracks(self, uri):
                    return [t["track"]["name"] for t in self.sp.playlist_items(uri)["items"]]


            print(Playlists().tracks("spotify:playlist:37i9dQZF1DXcBWIGoYBM5M"))
        """,
        },
    ),
    P(
        "spotify_client_id_not_set",
        "spotipy",
        "credentials read from environment variables that no .env file set",
        "SpotifyOauthError",
        S["spotify_client_id_not_set"][1],
        {
            "main.py": r"""
            import os

            import spotipy
            from spotipy.oauth2 import SpotifyOAuth

            sp = spotipy.Spotify(
                auth_manager=SpotifyOAuth(
                    client_id=os.getenv("CLIENT_ID"),
                    client_secret=os.getenv("CLIENT_SECRET"),
                    redirect_uri="http://localhost:8888/callback",
                    scope="user-library-read",
                )
            )
            print(sp.current_user_saved_tracks(limit=5))
        """,
        },
    ),
    P(
        "spotify_client_id_not_set",
        "spotipy",
        "player UI module creating SpotifyClientCredentials() relying on SPOTIPY_* variables",
        "SpotifyOauthError",
        S["spotify_client_id_not_set"][2],
        {
            "spotifypod.py": r"""
            from spotify_manager import refresh_devices

            print(refresh_devices())
        """,
            "spotify_manager.py": r"""
            import spotipy
            from spotipy.oauth2 import SpotifyClientCredentials

            sp = spotipy.Spotify(client_credentials_manager=SpotifyClientCredentials())


            def refresh_devices():
                return sp.search(q="artist:Radiohead", type="artist", limit=1)
        """,
        },
    ),
    # the PyPI project `serial` is not pyserial; its `serial` module has no Serial class
    P(
        "serial_package_instead_of_pyserial",
        "serial",
        "modem HAT class opening the port with serial.Serial",
        "AttributeError",
        S["serial_package_instead_of_pyserial"][0],
        {
            "test_modem.py": r"""
            from modem import GSMHat

            gsm = GSMHat("/dev/ttyS0", 115200)
            print(gsm.signal())
        """,
            "modem.py": r"""
            import serial


            class GSMHat:
                def __init__(self, port, baudrate):
                    self.port = port
                    self.baudrate = baudrate
                    self._connect()

                def _connect(self):
                    self.ser = serial.Serial(self.port, self.baudrate, timeout=1)

                def signal(self):
                    self.ser.write(b"AT+CSQ\r")
                    return self.ser.readline()
        """,
        },
    ),
    P(
        "serial_package_instead_of_pyserial",
        "serial",
        "type annotation serial.Serial in a module-level dict of a Modbus helper",
        "AttributeError",
        S["serial_package_instead_of_pyserial"][1],
        {
            "read_meter.py": r"""
            import modbus_helper

            print(modbus_helper.open_port("/dev/ttyUSB0"))
        """,
            "modbus_helper.py": r"""
            from typing import Dict

            import serial

            _ports: Dict[str, serial.Serial] = {}


            def open_port(name):
                if name not in _ports:
                    _ports[name] = serial.Serial(name, 19200, parity=serial.PARITY_EVEN)
                return _ports[name]
        """,
        },
    ),
    P(
        "serial_package_instead_of_pyserial",
        "serial",
        "firmware flasher opening the USB modem port from argv",
        "AttributeError",
        S["serial_package_instead_of_pyserial"][2],
        {
            "flash.py": r"""
            import sys

            import serial

            port = sys.argv[1] if len(sys.argv) > 1 else "/dev/tty.usbmodem14101"
            with serial.Serial(port, 115200, timeout=2) as ser:
                ser.write(b"UPDATE\n")
                print(ser.read(64))
        """,
        },
        "/dev/ttyACM0",
    ),
]
